'use client';

import type { Editor } from '@tiptap/react';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { SectionConflictError, sectionApi } from './canvas-api';
import type { SaveState, SectionSnapshot } from './canvas-types';
import { requireEditorKit } from './load-editor-kit';

export const IDLE_SAVE_MS = 2_000;

interface AutosaveOptions {
  sectionId: string;
  editor: RefObject<Editor | null>;
  snapshot: RefObject<SectionSnapshot>;
  onSaved(snapshot: SectionSnapshot): void;
  onConflict(mine: string, current: SectionSnapshot): void;
}

export interface Autosave {
  state: SaveState;
  error: string | null;
  /** the person typed: the burst goes on, the idle timer restarts */
  edited(): void;
  /** saves the burst now (blur, leaving the section, before a rewrite); false if it did not reach the server */
  flush(): Promise<boolean>;
  isDirty(): boolean;
  /** the editor now shows the server's text (taken theirs, rewritten, restored) */
  reset(): void;
}

/**
 * Manual edits become ONE `manual` version per editing burst: saved after
 * IDLE_SAVE_MS without typing, or when the person leaves the section, never
 * per keystroke. Every save carries its base version, so a section that moved
 * on answers 409 and the conflict is the person's to resolve.
 */
export function useAutosave({ sectionId, editor, snapshot, onSaved, onConflict }: AutosaveOptions): Autosave {
  const [state, setState] = useState<SaveState>('saved');
  const [error, setError] = useState<string | null>(null);
  const dirty = useRef(false);
  const editedWhileSaving = useRef(false);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const callbacks = useRef({ onSaved, onConflict });
  callbacks.current = { onSaved, onConflict };

  const cancelTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const saveOnce = useCallback(async (): Promise<boolean> => {
    const current = editor.current;
    if (!current || !dirty.current) return true;
    cancelTimer();
    const body = requireEditorKit().serializeSection(current.state.doc);
    const base = snapshot.current;
    if (body === base.body) {
      dirty.current = false;
      setState('saved');
      return true;
    }
    editedWhileSaving.current = false;
    setState('saving');
    setError(null);
    try {
      const { version } = await sectionApi.save(sectionId, body, base.version);
      callbacks.current.onSaved({ version, body });
      dirty.current = editedWhileSaving.current;
      setState(dirty.current ? 'unsaved' : 'saved');
      return true;
    } catch (failure) {
      if (failure instanceof SectionConflictError) {
        setState('conflict');
        callbacks.current.onConflict(body, failure.current);
        return false;
      }
      setState('failed');
      setError(failure instanceof Error ? failure.message : String(failure));
      return false;
    }
  }, [editor, sectionId, snapshot]);

  const flush = useCallback(async (): Promise<boolean> => {
    while (inFlight.current) await inFlight.current;
    if (!dirty.current) return true;
    const attempt = saveOnce();
    inFlight.current = attempt;
    try {
      return await attempt;
    } finally {
      inFlight.current = null;
    }
  }, [saveOnce]);

  const edited = useCallback(() => {
    dirty.current = true;
    if (inFlight.current) editedWhileSaving.current = true;
    setState((previous) => (previous === 'saving' ? previous : 'unsaved'));
    cancelTimer();
    timer.current = setTimeout(() => void flush(), IDLE_SAVE_MS);
  }, [flush]);

  const reset = useCallback(() => {
    cancelTimer();
    dirty.current = false;
    editedWhileSaving.current = false;
    setState('saved');
    setError(null);
  }, []);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      cancelTimer();
    };
  }, []);

  const isDirty = useCallback(() => dirty.current, []);
  return useMemo(() => ({ state, error, edited, flush, isDirty, reset }), [state, error, edited, flush, isDirty, reset]);
}
