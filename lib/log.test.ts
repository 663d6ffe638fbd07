import { describe, expect, it } from 'vitest';
import { safeUrl, scrubSecrets, secretsOf } from './log';

// what the logger reads from LLM_BASE_URL and LLM_API_KEY on its first scrub
const configured = secretsOf({ baseUrl: 'https://bob:url-password-42@llm.example.com/v1', apiKey: 'sk-live-0123456789' });

describe('model endpoint credentials never reach the log', () => {
  it('drops user and password from a URL', () => {
    expect(safeUrl('https://alice:s3cret-pass@llm.example.com/v1')).toBe('https://llm.example.com/v1');
    expect(safeUrl('https://llm.example.com/v1')).toBe('https://llm.example.com/v1');
  });

  it('scrubs credentials inside any text, e.g. an error message that quotes the URL', () => {
    const text = scrubSecrets('request to https://alice:s3cret-pass@llm.example.com/v1/chat/completions failed');
    expect(text).not.toContain('s3cret-pass');
    expect(text).toContain('https://***@llm.example.com/v1/chat/completions');
  });

  it('scrubs the configured API key and URL password wherever they appear', () => {
    const text = scrubSecrets('Authorization: Bearer sk-live-0123456789 rejected; password url-password-42 wrong', configured);
    expect(text).not.toContain('sk-live-0123456789');
    expect(text).not.toContain('url-password-42');
  });
});
