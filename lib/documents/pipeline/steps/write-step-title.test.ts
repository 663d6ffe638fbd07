import { describe, expect, it } from 'vitest';
import { withoutEchoedTitle } from './write-step';

describe('a section draft that repeats its title', () => {
  it('loses the heading that only says the title again, and keeps any other first heading', () => {
    expect(withoutEchoedTitle('## Lisbon Operations\n\nThe warehouse opened.', 'Lisbon operations')).toBe('The warehouse opened.');
    expect(withoutEchoedTitle('# Lisbon operations #\nText.', 'Lisbon Operations')).toBe('Text.');
    expect(withoutEchoedTitle('## Staffing\n\nText.', 'Lisbon operations')).toBe('## Staffing\n\nText.');
  });
});
