'use client';

import dynamic from 'next/dynamic';
import { Suspense, useSyncExternalStore } from 'react';

export type EditorKit = typeof import('./editor-kit');

let kit: EditorKit | null = null;
const listeners = new Set<() => void>();

function settle(loaded: EditorKit) {
  kit = loaded;
  for (const listener of listeners) listener();
}

function importKit() {
  import('./editor-kit').then(settle, (failure: unknown) => {
    // a chunk that failed to load (a deploy, a dropped connection) is asked for again until it loads
    console.warn('the editor could not be loaded; trying again', failure);
    setTimeout(importKit, 2_000);
  });
}

// Imported as the page's script starts, beside hydration: the kit's code then runs between hydration's slices,
// not after the lower sections' idle-priority hydration.
if (typeof window !== 'undefined') importKit();

function Nothing() {
  return null;
}

// Next writes the chunks of a next/dynamic component the server renders into the page's head as preloads.
const KitPreload = dynamic(() =>
  import('./editor-kit').then(
    () => Nothing,
    () => Nothing,
  ),
);

/**
 * Renders nothing: rendered on the server, it has the browser fetch (and
 * compile, off the main thread) the kit's chunks while it parses the HTML.
 * Its own Suspense boundary: hydration never waits for it.
 */
export function EditorKitPreload() {
  return (
    <Suspense fallback={null}>
      <KitPreload />
    </Suspense>
  );
}

/**
 * The loaded kit, for code that runs only where an editor exists (which
 * proves the kit is loaded): saving, selections, highlights.
 */
export function requireEditorKit(): EditorKit {
  if (!kit) throw new Error('the editor kit is used before it has loaded');
  return kit;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The kit once loaded, else null; always null while hydrating: the server renders no editor. */
export function useEditorKit(): EditorKit | null {
  return useSyncExternalStore(
    subscribe,
    () => kit,
    () => null,
  );
}
