import { describe, expect, it } from 'vitest';
import { replacementFromReply } from './replacement-text';

describe('replacementFromReply', () => {
  it('gives the reply the fragment’s own outer whitespace', () => {
    expect(replacementFromReply('New words.\n', ' old words. ')).toBe(' New words. ');
    expect(replacementFromReply('  New words.', 'old words.')).toBe('New words.');
  });

  it('drops fences a model echoed around its reply', () => {
    expect(replacementFromReply('<<<FRAGMENT\nNew words.[^1]\nFRAGMENT>>>', 'Old.[^1]')).toBe('New words.[^1]');
    expect(replacementFromReply('```markdown\n**New** words.\n```', 'Old.')).toBe('**New** words.');
  });

  it('normalizes line endings', () => {
    expect(replacementFromReply('One.\r\n\r\nTwo.', 'A.\n\nB.')).toBe('One.\n\nTwo.');
  });

  it('a fragment of only whitespace keeps it once, before the reply', () => {
    expect(replacementFromReply('x', '   ')).toBe('   x');
  });
});
