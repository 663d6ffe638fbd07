import { describe, expect, it } from 'vitest';
import type { TypedKey } from '@/components/canvas/static-surface';
import { typedKey } from '@/components/canvas/use-early-input';

/** Presses keys as a person would before the editor has arrived; returns what is kept for it. */
function press(...keys: Array<string | { key: string; ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean; isComposing?: boolean }>) {
  const typed: TypedKey[] = [];
  const leftToBrowser: string[] = [];
  for (const press of keys) {
    const {
      key,
      ctrlKey = false,
      altKey = false,
      metaKey = false,
      isComposing = false,
    } = typeof press === 'string' ? { key: press } : press;
    const kept = typedKey({ key, ctrlKey, altKey, metaKey, nativeEvent: { isComposing } }, typed);
    if (kept === undefined) leftToBrowser.push(key);
    else if (kept) typed.push(kept);
  }
  return { typed, leftToBrowser };
}

describe('keys pressed in a section before its editor has arrived', () => {
  it('keeps characters (spaces, accents, emoji), Enter and Backspace in order', () => {
    expect(press('H', 'é', ' ', '🚚', 'Enter', 'Backspace').typed).toEqual([
      { text: 'H' },
      { text: 'é' },
      { text: ' ' },
      { text: '🚚' },
      { key: 'Enter' },
      { key: 'Backspace' },
    ]);
  });

  it('a Backspace right after a kept character takes it back instead', () => {
    expect(press('a', 'b', 'x', 'Backspace', 'c').typed).toEqual([{ text: 'a' }, { text: 'b' }, { text: 'c' }]);
    expect(press('Backspace', 'Backspace').typed).toEqual([{ key: 'Backspace' }, { key: 'Backspace' }]);
  });

  it('leaves shortcuts, navigation and compositions to the browser, but keeps what AltGr types', () => {
    const { typed, leftToBrowser } = press(
      { key: 'a', ctrlKey: true },
      { key: 'c', metaKey: true },
      'Tab',
      'ArrowLeft',
      { key: 'Enter', ctrlKey: true },
      { key: 'か', isComposing: true },
      { key: '€', ctrlKey: true, altKey: true },
    );
    expect(leftToBrowser).toEqual(['a', 'c', 'Tab', 'ArrowLeft', 'Enter', 'か']);
    expect(typed).toEqual([{ text: '€' }]);
  });
});
