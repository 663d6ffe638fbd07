import { describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_TITLE } from '@/lib/chat/limits';
import { titleFrom } from './prepare-turn';

describe('a new chat’s automatic title', () => {
  it('is its first message when it fits', () => {
    expect(titleFrom('  Plan a picnic\nby the river ')).toBe('Plan a picnic by the river');
  });

  it('is cut between words, with no "…" stored', () => {
    const text = 'I am setting up a new printer at home and the driver installer keeps failing on Windows 11';
    const title = titleFrom(text);
    expect(title).toBe('I am setting up a new printer at home and the driver');
    expect(title).not.toContain('…');
    expect(titleFrom('Я настраиваю новый принтер дома, и установщик драйвера всё время падает на Windows 11')).toBe(
      'Я настраиваю новый принтер дома, и установщик драйвера всё',
    );
  });

  it('is the default for an empty message', () => {
    expect(titleFrom('   ')).toBe(DEFAULT_CHAT_TITLE);
  });
});
