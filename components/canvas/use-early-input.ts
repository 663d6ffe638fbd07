'use client';

import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { EnterVia, TypedKey } from './static-surface';

interface EarlyInput {
  /** where the person clicked, relative to the section's box (the page may scroll before the editor arrives) */
  at: { x: number; y: number } | null;
  typed: TypedKey[];
}

/**
 * A click and the keys typed into a section before the editor's code has
 * arrived (a cold page on a slow connection takes a second or more): the
 * section takes the focus, keeps the keys, and once the code is here it
 * enters where the person clicked and types them there. Without this, such
 * a click placed no caret and the keys went nowhere. Only after hydration:
 * until then there is nothing to hand the keys to.
 */
export function useEarlyInput({ editable, kitLoaded, onEnter }: { editable: boolean; kitLoaded: boolean; onEnter(via: EnterVia): void }) {
  const surface = useRef<HTMLDivElement>(null);
  const early = useRef<EarlyInput | null>(null);
  /** the section holds the focus (and maybe keys) for an editor that has not arrived: the person is told */
  const [holding, setHolding] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    const input = early.current;
    const element = surface.current;
    if (!kitLoaded || !input || !element) return;
    early.current = null;
    setHolding(false);
    const focused = element.contains(document.activeElement);
    // the person moved on without typing here: nothing to hand over
    if (!focused && input.typed.length === 0) return;
    const box = element.getBoundingClientRect();
    const where: EnterVia = input.at ? { kind: 'pointer', x: box.left + input.at.x, y: box.top + input.at.y } : { kind: 'focus' };
    onEnter({ ...where, early: { typed: input.typed, focus: focused } });
  }, [kitLoaded, onEnter]);

  const waiting = editable && hydrated && !kitLoaded;
  const take = () => {
    setHolding(true);
    early.current ??= { at: null, typed: [] };
    return early.current;
  };
  const handlers = waiting
    ? {
        tabIndex: 0,
        onFocus: () => void take(),
        onBlur: () => setHolding(false),
        onClick: (event: MouseEvent<HTMLDivElement>) => {
          const box = event.currentTarget.getBoundingClientRect();
          take().at = { x: event.clientX - box.left, y: event.clientY - box.top };
        },
        onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
          const { typed } = take();
          const key = typedKey(event, typed);
          if (key === undefined) return;
          event.preventDefault(); // a space would scroll the page
          if (key) typed.push(key);
        },
      }
    : {};
  return { surface, handlers, holding: holding && waiting };
}

/** What of a key press is kept for the editor: the fields of a keydown event it reads. */
type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey'> & { nativeEvent: { isComposing: boolean } };

/**
 * The key to keep (null: it only took back the last character kept, which it
 * removed from `typed`); undefined for keys left to the browser (Tab, arrows,
 * shortcuts, a composition in progress).
 */
export function typedKey(event: KeyPress, typed: TypedKey[]): TypedKey | null | undefined {
  if (event.nativeEvent.isComposing || event.metaKey) return undefined;
  // Ctrl alone is a shortcut; Ctrl with Alt is AltGr on many keyboards, which types characters
  const character = [...event.key].length === 1 && !(event.ctrlKey && !event.altKey);
  if (character) return { text: event.key };
  if (event.ctrlKey || event.altKey) return undefined;
  if (event.key === 'Enter') return { key: 'Enter' };
  if (event.key !== 'Backspace') return undefined;
  const last = typed.at(-1);
  if (last && 'text' in last) {
    typed.pop();
    return null;
  }
  return { key: 'Backspace' };
}
