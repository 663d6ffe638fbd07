import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { readDocumentRequest } from './read-document-request';

function formRequest(fields: Record<string, string>): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return new Request('http://localhost/api/documents', { method: 'POST', body: form });
}

describe('the new-document form (multipart)', () => {
  it('reads one link a line, blank lines ignored, and the public-web choice', async () => {
    const request = await readDocumentRequest(
      formRequest({
        request: 'A report on ports',
        links: 'https://example.org/a\r\n\n  https://example.org/b.pdf  \n',
        allowPublicSources: 'false',
      }),
    );
    expect(request.urls).toEqual(['https://example.org/a', 'https://example.org/b.pdf']);
    expect(request.allowPublicSources).toBe(false);
  });

  it('refuses a line that is not a URL with a 400 that says so', async () => {
    const refusal = await readDocumentRequest(
      formRequest({ request: 'A report on ports', links: 'https://example.org/a\nnot a link' }),
    ).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).status).toBe(400);
    expect((refusal as AppError).message).toMatch(/full URL/);
  });

  it('refuses an empty chatId in JSON with a 400 (it named no chat and failed in the database)', async () => {
    const json = new Request('http://localhost/api/documents', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ request: 'A report on ports', chatId: '' }),
    });
    const refusal = await readDocumentRequest(json).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).status).toBe(400);
  });

  it('has no links when the field is absent', async () => {
    expect((await readDocumentRequest(formRequest({ request: 'A report on ports' }))).urls).toEqual([]);
  });
});
