'use client';

import { useTranslations } from 'next-intl';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { ProseMirrorJSON } from '@/lib/documents/canvas';
import { SectionConflictError, sectionApi } from './canvas-api';
import { canEdit, PIPELINE_STATUSES, type CanvasRole, type CanvasSectionJson, type FactFlagJson, type SectionSnapshot } from './canvas-types';
import { ConflictDialog, type SectionConflict } from './conflict-dialog';
import { FlagsNote } from './flags-note';
import { HistoryDialog } from './history-dialog';
import { LiveEditor, type LiveEditorEvents } from './live-editor';
import { MarkdownPreview } from './markdown-preview';
import { ProposalCard } from './proposal-card';
import { RewriteStatus } from './rewrite-status';
import { RewriteToolbar } from './rewrite-toolbar';
import { SectionHeader } from './section-header';
import { StaticSection } from './static-section';
import { useAutosave } from './use-autosave';
import { useNearViewport } from './use-near-viewport';
import { useRewrite } from './use-rewrite';
import { useSectionDoc } from './use-section-doc';
import { showFlags, useSectionText } from './use-section-text';
import { useSelectionToolbar } from './use-selection-toolbar';

interface SectionCanvasProps {
  section: CanvasSectionJson;
  role: CanvasRole;
  /** a write landed: the page reloads the document (fresh fact-check flags) */
  onChanged?(): void;
}

/**
 * One section on the canvas. Off screen it is static HTML from the canvas
 * schema; near the viewport a TipTap editor takes over. Written sections are
 * editable by owners and editors (manual edits, rewrites of a selection);
 * everyone with access sees history and can restore.
 */
export const SectionCanvas = memo(function SectionCanvas({ section, role, onChanged }: SectionCanvasProps) {
  const t = useTranslations('canvas');
  const text = useSectionText({ version: section.version, body: section.body });
  const { snapshot, snapshotRef, editorRef, showServerText } = text;
  const body = useRef<HTMLDivElement>(null);
  const near = useNearViewport(body);
  const inPipeline = PIPELINE_STATUSES.includes(section.status);
  const editable = canEdit(role) && !inPipeline;
  const doc = useSectionDoc(snapshot.body, near);
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
  const rewriteBusy = rewrite.phase.kind === 'working' || rewrite.phase.kind === 'undoing' || (rewrite.phase.kind === 'proposal' && rewrite.phase.busy);
  const selection = useSelectionToolbar(body, editable && !rewriteBusy);

  // The page polls: a newer text from the server replaces the editor's unless the person has unsaved edits here.
  useEffect(() => {
    const known = snapshotRef.current;
    const newer = section.version > known.version || (PIPELINE_STATUSES.includes(section.status) && section.body !== known.body);
    if (newer && !autosave.isDirty()) showServer({ version: section.version, body: section.body }, null);
  }, [section.version, section.body, section.status, snapshotRef, autosave, showServer]);

  const flags = section.flags as FactFlagJson[];
  const flagsApply = text.editor !== null && section.version === snapshot.version;
  useEffect(() => {
    if (flagsApply && text.editor) showFlags(text.editor, flags);
  }, [flagsApply, text.editor, flags]);

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
      const { version } = await sectionApi.save(section.id, open.mine, open.current.version);
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
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-zinc-200 pt-6 dark:border-zinc-800" data-testid="document-section" data-section-id={section.id} data-status={section.status}>
      <SectionHeader
        headingId={headingId}
        position={section.position}
        title={section.title}
        status={section.status}
        version={snapshot.version}
        saveState={editable ? autosave.state : null}
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
      <div ref={body} className="canvas-body relative" data-live={near && !inPipeline ? 'true' : 'false'}>
        {inPipeline ? (
          <div aria-busy="true">
            {snapshot.body && <StaticBody doc={doc} body={snapshot.body} className="opacity-70" />}
            <p className="text-sm text-zinc-500 italic" data-testid="being-written">
              {section.status === 'writing' ? t('beingWritten') : t('notWrittenYet')}
            </p>
          </div>
        ) : near && doc ? (
          <LiveEditor
            initial={doc}
            initialBody={snapshot.body}
            editable={editable && !rewriteBusy}
            label={t('editorLabel', { title: section.title })}
            events={events}
            onEditor={text.setEditor}
            fallback={<StaticBody doc={doc} body={snapshot.body} />}
          />
        ) : (
          <StaticBody doc={doc} body={snapshot.body} />
        )}
        {selection.toolbar && (
          <RewriteToolbar position={selection.toolbar.position} autoFocus={selection.toolbar.autoFocus} onSubmit={submitRewrite} onClose={closeToolbar} />
        )}
      </div>
      <RewriteStatus phase={rewrite.phase} onUndo={() => void rewrite.undo()} onDismiss={rewrite.dismiss} />
      {rewrite.phase.kind === 'proposal' && (
        <ProposalCard proposal={rewrite.phase.proposal} busy={rewrite.phase.busy} onAccept={() => void rewrite.accept()} onReject={() => void rewrite.reject()} />
      )}
      {!inPipeline && <FlagsNote sectionId={section.id} flags={flags} canDismiss={editable} onDismissed={onChanged} />}
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
    </section>
  );
}, sameSection);

/** Off screen: the schema's rendering once parsed, the unparsed preview before. */
function StaticBody({ doc, body, className = '' }: { doc: ProseMirrorJSON | null; body: string; className?: string }) {
  return <div className={`markdown text-[15px] leading-7 ${className}`}>{doc ? <StaticSection doc={doc} /> : <MarkdownPreview body={body} />}</div>;
}

/** Polling hands over new objects every time: re-render only when the section really changed. */
function sameSection(a: SectionCanvasProps, b: SectionCanvasProps): boolean {
  const x = a.section;
  const y = b.section;
  return a.role === b.role && a.onChanged === b.onChanged && x.id === y.id && x.version === y.version && x.status === y.status && x.body === y.body && x.title === y.title && JSON.stringify(x.flags) === JSON.stringify(y.flags);
}
