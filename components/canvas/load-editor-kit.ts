'use client';

import { useEffect, useSyncExternalStore } from 'react';

export type EditorKit = typeof import('./editor-kit');

let kit: EditorKit | null = null;
let loading: Promise<EditorKit> | null = null;
const listeners = new Set<() => void>();

/** Starts loading the editor's code (once); resolves when it can mount an editor. */
export function loadEditorKit(): Promise<EditorKit> {
  loading ??= import('./editor-kit').then(
    (loaded) => {
      kit = loaded;
      for (const listener of listeners) listener();
      return loaded;
    },
    (failure: unknown) => {
      // a failed chunk load (a deploy, a dropped connection) is tried again by the next caller
      loading = null;
      throw failure;
    },
  );
  return loading;
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

/**
 * The kit once loaded, else null (always null while hydrating: the server
 * renders no editor). Asks for it if nothing has yet.
 */
export function useEditorKit(): EditorKit | null {
  const loaded = useSyncExternalStore(
    subscribe,
    () => kit,
    () => null,
  );
  useEffect(() => {
    if (!loaded) void loadEditorKit().catch(retryLater);
  }, [loaded]);
  return loaded;
}

let retry: ReturnType<typeof setTimeout> | undefined;

function retryLater(failure: unknown) {
  console.warn('the editor could not be loaded; trying again', failure);
  clearTimeout(retry);
  retry = setTimeout(() => void loadEditorKit().catch(retryLater), 2_000);
}
