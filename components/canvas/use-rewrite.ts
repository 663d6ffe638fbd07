'use client';

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { ApiError } from '@/components/api/fetch-json';
import { SectionConflictError, sectionApi } from './canvas-api';
import type { PendingProposal, RewriteResponse, SectionSnapshot } from './canvas-types';
import { REWRITTEN_HIGHLIGHT_MS } from './use-section-text';

export type RewritePhase =
  | { kind: 'idle' }
  | { kind: 'working'; instruction: string }
  /** `version`: what the rewrite made (Undo is offered while the section stands on it); `highlighted`: the new text still is */
  | { kind: 'applied'; previous: SectionSnapshot; version: number; highlighted: boolean }
  | { kind: 'undoing'; previous: SectionSnapshot }
  /** `savedAs`: the new version the undo wrote, null when the text already was the previous one (nothing saved) */
  | { kind: 'undone'; version: number; savedAs: number | null }
  | { kind: 'proposal'; proposal: PendingProposal; busy: boolean }
  | { kind: 'failed'; status: number; code: string; message: string };

interface RewriteOptions {
  sectionId: string;
  /** the version the section stands on now: another write (a History restore, an edit, someone's save) ends Undo */
  currentVersion: number;
  snapshot: RefObject<SectionSnapshot>;
  /** saves pending manual edits first: offsets are taken over the server's text */
  flushEdits(): Promise<boolean>;
  /** the server's new text goes into the editor; `changed` is the range to highlight */
  apply(snapshot: SectionSnapshot, changed: { start: number; end: number } | null): void;
  onConflict(current: SectionSnapshot): void;
}

/** The rewrite of a selected range: request, progress, result, undo, and held-back proposals. */
export function useRewrite({ sectionId, currentVersion, snapshot, flushEdits, apply, onConflict }: RewriteOptions) {
  const [phase, setPhase] = useState<RewritePhase>({ kind: 'idle' });

  // An Undo or "undone" note about a version the section no longer stands on would be stale (and false).
  const outdated = (phase.kind === 'applied' || phase.kind === 'undone') && phase.version !== currentVersion;
  useEffect(() => {
    if (outdated) setPhase({ kind: 'idle' });
  }, [outdated]);

  // "highlighted" is said only while the highlight shows (it fades after the same time)
  const highlightedVersion = phase.kind === 'applied' && phase.highlighted ? phase.version : null;
  useEffect(() => {
    if (highlightedVersion === null) return;
    const timer = setTimeout(
      () =>
        setPhase((current) =>
          current.kind === 'applied' && current.version === highlightedVersion ? { ...current, highlighted: false } : current,
        ),
      REWRITTEN_HIGHLIGHT_MS,
    );
    return () => clearTimeout(timer);
  }, [highlightedVersion]);
  const callbacks = useRef({ apply, onConflict, flushEdits });
  callbacks.current = { apply, onConflict, flushEdits };

  const fail = useCallback((failure: unknown) => {
    if (failure instanceof SectionConflictError) {
      setPhase({ kind: 'idle' });
      callbacks.current.onConflict(failure.current);
    } else if (failure instanceof ApiError) {
      setPhase({ kind: 'failed', status: failure.status, code: failure.code, message: failure.message });
    } else {
      setPhase({ kind: 'failed', status: 0, code: 'network', message: failure instanceof Error ? failure.message : String(failure) });
    }
  }, []);

  const rewrite = useCallback(
    async (range: { start: number; end: number }, instruction: string) => {
      setPhase({ kind: 'working', instruction });
      if (!(await callbacks.current.flushEdits())) {
        setPhase({ kind: 'failed', status: 0, code: 'unsaved', message: '' });
        return;
      }
      const base = snapshot.current;
      try {
        const result: RewriteResponse = await sectionApi.rewrite(sectionId, { ...range, instruction, baseVersion: base.version });
        if (result.applied) {
          callbacks.current.apply({ version: result.version, body: result.body }, result.range);
          setPhase({ kind: 'applied', previous: base, version: result.version, highlighted: true });
        } else {
          setPhase({ kind: 'proposal', proposal: toPendingProposal(result, range, base), busy: false });
        }
      } catch (failure) {
        fail(failure);
      }
    },
    [fail, sectionId, snapshot],
  );

  /** Undo = restore the text before the rewrite, itself a new version. */
  const undo = useCallback(async () => {
    if (phase.kind !== 'applied') return;
    const { previous } = phase;
    setPhase({ kind: 'undoing', previous });
    try {
      const baseVersion = snapshot.current.version;
      const { version } = await sectionApi.restore(sectionId, previous.version, baseVersion);
      callbacks.current.apply({ version, body: previous.body }, null);
      setPhase({ kind: 'undone', version, savedAs: version === baseVersion ? null : version });
    } catch (failure) {
      fail(failure);
    }
  }, [fail, phase, sectionId, snapshot]);

  const decide = useCallback(
    async (accept: boolean) => {
      if (phase.kind !== 'proposal') return;
      const { proposal } = phase;
      setPhase({ kind: 'proposal', proposal, busy: true });
      try {
        if (!accept) {
          await sectionApi.reject(sectionId, proposal.id);
          setPhase({ kind: 'idle' });
          return;
        }
        const previous = snapshot.current;
        const accepted = await sectionApi.accept(sectionId, proposal.id, previous.version);
        callbacks.current.apply({ version: accepted.version, body: accepted.body }, accepted.range);
        setPhase({ kind: 'applied', previous, version: accepted.version, highlighted: true });
      } catch (failure) {
        fail(failure);
      }
    },
    [fail, phase, sectionId, snapshot],
  );

  const dismiss = useCallback(() => setPhase({ kind: 'idle' }), []);

  return { phase, rewrite, undo, accept: () => decide(true), reject: () => decide(false), dismiss };
}

/** `proposal` is the replacement text for the range that was asked for; flags are offsets into it. */
function toPendingProposal(
  result: Extract<RewriteResponse, { applied: false }>,
  range: { start: number; end: number },
  base: SectionSnapshot,
): PendingProposal {
  const { start, end } = range;
  return {
    id: result.proposalId,
    start,
    end,
    original: base.body.slice(start, end),
    replacement: result.proposal,
    flags: result.flags,
    baseVersion: base.version,
  };
}
