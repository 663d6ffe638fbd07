'use client';

import { useTranslations } from 'next-intl';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { SectionConflictError, sectionApi } from './canvas-api';
import {
  canEdit,
  PIPELINE_STATUSES,
  type CanvasRole,
  type CanvasSectionJson,
  type FactFlagJson,
  type SectionSnapshot,
} from './canvas-types';
import { CodeCopyButtons } from './code-copy-buttons';
import { ConflictDialog, type SectionConflict } from './conflict-dialog';
import { FlagsNote } from './flags-note';
import { HistoryDialog } from './history-dialog';
import type { LiveEditorEvents } from './live-editor';
import { SavedWhileEditingNotice } from './live-save-notice';
import { requireEditorKit } from './load-editor-kit';
import { ProposalCard } from './proposal-card';
import { RewriteStatus } from './rewrite-status';
import { RewriteToolbar } from './rewrite-toolbar';
import { SectionHeader } from './section-header';
import { prerenderedDoc, type PrerenderedSection } from './section-html';
import { PendingSectionText, StaticSurface, type EnterVia } from './static-surface';
import { useAutosave } from './use-autosave';
import { useRewrite } from './use-rewrite';
import { showFlags, useSectionText } from './use-section-text';
import { useSelectionToolbar } from './use-selection-toolbar';

interface SectionCanvasProps {
  section: CanvasSectionJson;
  role: CanvasRole;
  /** a write landed: the page reloads the document (fresh fact-check flags) */
  onChanged?(): void;
  /** the server's rendering of this section on first paint */
  prerendered?: PrerenderedSection;
  /** who else last saved this section while the page was open */
  savedBy?: string | null;
}

/**
 * One section on the canvas: static HTML (the server's on first paint) until
 * the person enters it with a click, a tap or the keyboard; then a TipTap
 * editor takes over the same spot, and it leaves again when the person moves
 * on with nothing pending. Written sections are editable by owners and
 * editors (manual edits, rewrites of a selection); everyone with access sees
 * history and can restore.
 */
export const SectionCanvas = memo(function SectionCanvas({ section, role, onChanged, prerendered, savedBy = null }: SectionCanvasProps) {
  const t = useTranslations('canvas');
  const text = useSectionText({ version: section.version, body: section.body });
  const { snapshot, snapshotRef, editorRef, showServerText } = text;
  const root = useRef<HTMLElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const inPipeline = PIPELINE_STATUSES.includes(section.status);
  const editable = canEdit(role) && !inPipeline;
  const [entered, setEntered] = useState<EnterVia | null>(null);
  const [conflict, setConflict] = useState<SectionConflict | null>(null);
  const conflictOpen = useRef(false);
  conflictOpen.current = conflict !== null;

  const autosave = useAutosave({
    sectionId: section.id,
    editor: editorRef,
    snapshot: snapshotRef,
    onSaved: (saved) => {
      text.setSnapshot(saved);
      onChanged?.();
    },
    onConflict: (mine, current) => setConflict({ mine, current }),
  });

  const showServer = useCallback(
    (next: SectionSnapshot, changed: { start: number; end: number } | null) => {
      autosave.reset();
      showServerText(next, changed);
    },
    [autosave, showServerText],
  );
  /** the person's own write (rewrite, undo, accept, restore, keep mine) replaced the text */
  const showWritten = useCallback(
    (next: SectionSnapshot, changed: { start: number; end: number } | null) => {
      showServer(next, changed);
      onChanged?.();
    },
    [showServer, onChanged],
  );

  const rewrite = useRewrite({
    sectionId: section.id,
    currentVersion: snapshot.version,
    snapshot: snapshotRef,
    flushEdits: autosave.flush,
    apply: showWritten,
    onConflict: (current) => setConflict({ mine: text.currentText(), current }),
  });
  // While the model works the text stays put: typing now would be overwritten by the result.
  const rewriteBusy =
    rewrite.phase.kind === 'working' || rewrite.phase.kind === 'undoing' || (rewrite.phase.kind === 'proposal' && rewrite.phase.busy);
  const selection = useSelectionToolbar(body, editable && !rewriteBusy);

  // The page reloads the document (the pipeline, someone else's save): a newer text shows in place, unless the
  // person is in this section or has unsaved edits here; then their text stays and a notice offers the newer one.
  const [theirs, setTheirs] = useState<SectionSnapshot | null>(null);
  const editing = entered !== null && editable;
  useEffect(() => {
    const known = snapshotRef.current;
    const newer = section.version > known.version || (PIPELINE_STATUSES.includes(section.status) && section.body !== known.body);
    if (!newer) return;
    if (!editing && !autosave.isDirty()) showServer({ version: section.version, body: section.body }, null);
    else setTheirs({ version: section.version, body: section.body });
  }, [section.version, section.body, section.status, snapshotRef, autosave, showServer, editing]);
  const newerWaiting = theirs !== null && theirs.version > snapshot.version ? theirs : null;

  const flags = section.flags;
  const flagsApply = section.version === snapshot.version;
  useEffect(() => {
    if (flagsApply && text.editor) showFlags(text.editor, flags);
  }, [flagsApply, text.editor, flags]);

  // The editor must exist before the browser places the caret (pointer) or the next key lands (focus): mount it in this event.
  // An early entry (the editor's code arrived after the click) comes from an effect, with nothing of the browser's to wait on.
  const enter = useCallback((via: EnterVia) => (via.early ? setEntered(via) : flushSync(() => setEntered(via))), []);
  const pending = useRef(false);
  pending.current = rewrite.phase.kind !== 'idle' || conflict !== null || selection.toolbar !== null;
  /** Focus left the section (not the window): once its edits are saved and nothing waits on the editor, the static view returns. */
  const leaveSoon = () => {
    setTimeout(async () => {
      // a conflict, a rewrite or its toolbar still needs the editor (and a second save now would only 409 again)
      const left = () => root.current !== null && !root.current.contains(document.activeElement) && document.hasFocus() && !pending.current;
      if (!left() || !(await autosave.flush())) return;
      if (left() && !autosave.isDirty()) setEntered(null);
    }, 0);
  };

  const flagRanges = flagsApply ? flags : NO_FLAGS;
  const staticText = useMemo(() => ({ snapshot, prerendered, flags: flagRanges }), [snapshot, prerendered, flagRanges]);
  // a section is entered only once the editor kit has loaded (StaticSurface)
  const LiveEditor = editing ? requireEditorKit().LiveEditor : null;

  const events: LiveEditorEvents = {
    onEdit: autosave.edited,
    // With the conflict dialog open, the person decides first: no second 409 from the focus moving into it.
    onBlur: () => {
      if (!conflictOpen.current) void autosave.flush();
    },
    onSelection: selection.onSelection,
    onRewriteShortcut: () => editorRef.current && selection.openFromKeyboard(editorRef.current),
    onEscape: () => {
      if (!selection.toolbar) return false;
      selection.close();
      return true;
    },
  };

  const keepMine = async (open: SectionConflict) => {
    try {
      const { version } = await sectionApi.save(section.id, open.mine, open.current.version, true);
      showWritten({ version, body: open.mine }, null);
      setConflict(null);
    } catch (failure) {
      if (failure instanceof SectionConflictError) setConflict({ mine: open.mine, current: failure.current });
      else throw failure;
    }
  };

  const closeToolbar = () => {
    selection.close();
    editorRef.current?.commands.focus();
  };

  const submitRewrite = (instruction: string) => {
    const range = selection.toolbar?.range;
    selection.close();
    if (range) void rewrite.rewrite(range, instruction);
  };

  const headingId = `section-${section.id}`;
  return (
    <section
      ref={root}
      onBlur={entered ? leaveSoon : undefined}
      aria-labelledby={headingId}
      className="flex flex-col gap-3 border-t border-zinc-200 pt-6 dark:border-zinc-800"
      data-testid="document-section"
      data-section-id={section.id}
      data-status={section.status}
    >
      <SectionHeader
        headingId={headingId}
        position={section.position}
        title={section.title}
        status={section.status}
        version={snapshot.version}
        saveState={editable ? (conflict || newerWaiting ? 'conflict' : autosave.state) : null}
        saveError={autosave.error}
        onRetrySave={() => void autosave.flush()}
        actions={
          !inPipeline && (
            <HistoryDialog
              sectionId={section.id}
              sectionTitle={section.title}
              currentVersion={snapshot.version}
              flushEdits={autosave.flush}
              onRestored={(next) => showWritten(next, null)}
              onConflict={(mine, current) => setConflict({ mine, current })}
            />
          )
        }
      />
      <div ref={body} className="canvas-body relative" data-live={editing ? 'true' : 'false'}>
        {inPipeline ? (
          <div aria-busy="true">
            {snapshot.body && <PendingSectionText text={staticText} />}
            <p className="text-sm text-zinc-500 italic" data-testid="being-written">
              {section.status === 'writing' ? t('beingWritten') : t('notWrittenYet')}
            </p>
          </div>
        ) : LiveEditor && entered ? (
          <LiveEditor
            initialBody={snapshot.body}
            initialDoc={prerenderedDoc(snapshot, prerendered)}
            editable={!rewriteBusy}
            entry={entered}
            label={t('editorLabel', { title: section.title })}
            events={events}
            onEditor={text.setEditor}
          />
        ) : (
          <StaticSurface label={t('editorLabel', { title: section.title })} editable={editable} onEnter={enter} text={staticText} />
        )}
        <CodeCopyButtons container={body} />
        {selection.toolbar && (
          <RewriteToolbar
            position={selection.toolbar.position}
            autoFocus={selection.toolbar.autoFocus}
            onSubmit={submitRewrite}
            onClose={closeToolbar}
          />
        )}
      </div>
      {newerWaiting && (
        <SavedWhileEditingNotice name={savedBy} onShow={() => setConflict({ mine: text.currentText(), current: newerWaiting })} />
      )}
      <RewriteStatus phase={rewrite.phase} onUndo={() => void rewrite.undo()} onDismiss={rewrite.dismiss} />
      {rewrite.phase.kind === 'proposal' && (
        <ProposalCard
          proposal={rewrite.phase.proposal}
          busy={rewrite.phase.busy}
          onAccept={() => void rewrite.accept()}
          onReject={() => void rewrite.reject()}
        />
      )}
      {!inPipeline && <FlagsNote sectionId={section.id} flags={flags} canDismiss={editable} onDismissed={onChanged} />}
      {conflict && (
        <ConflictDialog
          conflict={conflict}
          sectionTitle={section.title}
          onKeepMine={keepMine}
          onTakeTheirs={(open) => {
            showServer(open.current, null);
            setConflict(null);
          }}
          onDismiss={() => setConflict(null)}
        />
      )}
    </section>
  );
}, sameSection);

const NO_FLAGS: FactFlagJson[] = [];

/** Polling hands over new objects every time: re-render only when the section really changed. */
function sameSection(a: SectionCanvasProps, b: SectionCanvasProps): boolean {
  const x = a.section;
  const y = b.section;
  return (
    a.role === b.role &&
    a.onChanged === b.onChanged &&
    a.prerendered === b.prerendered &&
    a.savedBy === b.savedBy &&
    x.id === y.id &&
    x.version === y.version &&
    x.status === y.status &&
    x.body === y.body &&
    x.title === y.title &&
    JSON.stringify(x.flags) === JSON.stringify(y.flags)
  );
}
