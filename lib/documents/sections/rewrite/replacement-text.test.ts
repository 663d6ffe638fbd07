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

  it.each([
    ['a preface line', "Here's the rewritten fragment:\n\nNew words.", 'Old words.', 'New words.'],
    ['a polite preface and a fence', 'Sure! Here is a shorter version:\n```\nNew words.\n```', 'Old words.', 'New words.'],
    ['a "Revised text:" line', 'Revised text:\nNew words.[^1]', 'Old.[^1]', 'New words.[^1]'],
    ['straight quotes around the whole', '"New words."', 'Old words.', 'New words.'],
    ['curly quotes around the whole', '“New words.”', 'Old words.', 'New words.'],
    ['a note after it', 'New words.\n\nNote: I kept the citation marker.', 'Old words.', 'New words.'],
    ['the section title as a heading', '## Lisbon Operations\n\nNew words.', 'Old words.', 'New words.'],
  ])('takes off %s', (_what, reply, fragment, expected) => {
    expect(replacementFromReply(reply, fragment, 'Lisbon operations')).toBe(expected);
  });

  it('keeps what belongs to the text: quotes the fragment has, a heading it starts with, inner quotations', () => {
    expect(replacementFromReply('"Go," she said.', '"Stay," she said.')).toBe('"Go," she said.');
    expect(replacementFromReply('"a" and "b"', 'x and y')).toBe('"a" and "b"');
    expect(replacementFromReply('## Lisbon Operations\n\nNew.', '## Lisbon\n\nOld.', 'Lisbon operations')).toBe(
      '## Lisbon Operations\n\nNew.',
    );
    expect(replacementFromReply('Here is where the road ends.', 'There the road ended.')).toBe('Here is where the road ends.');
  });
});
