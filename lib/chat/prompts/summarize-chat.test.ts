import { describe, expect, it } from 'vitest';
import { askService } from '@/tests/support/sse-test-client';
import { summarizeChatPrompt } from './summarize-chat';

describe('the running summary prompt', () => {
  it('names its task and sends the previous summary and only the new turns', () => {
    const prompt = summarizeChatPrompt({
      previousSummary: ' User is on Windows 11. ',
      transcript: 'User: The app crashes.\nAssistant: Reinstall it.',
    });
    expect(prompt.system.split('\n')[0]).toBe('Quire task: summarize-chat');
    expect(prompt.system).toContain('Answer with the updated summary only');
    expect(prompt.user).toBe('Current summary:\nUser is on Windows 11.\n\nNew turns:\nUser: The app crashes.\nAssistant: Reinstall it.');
  });

  it('says so when there is no summary yet', () => {
    expect(summarizeChatPrompt({ previousSummary: null, transcript: 'User: hi' }).user).toContain('Current summary:\n(none yet)');
  });

  it('gets a summary in the conversation language back', async () => {
    const reply = await askService(
      summarizeChatPrompt({ previousSummary: null, transcript: 'User: I use Windows 11 and the app crashes on start.' }),
    );
    expect(reply.content).toMatch(/^Summary of the conversation: .*Windows 11/);
  });
});
