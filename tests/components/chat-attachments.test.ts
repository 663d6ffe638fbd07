import { describe, expect, it } from 'vitest';
import {
  checkPicked,
  fileNamedIn,
  progressPerFile,
  withWaitingFiles,
  type Attachment,
} from '@/components/chat/attachments/attachment-rules';
import { documentEventOf, documentMayPost } from '@/components/chat/document-event';
import { MAX_FILES_PER_REQUEST, MAX_SOURCE_FILE_BYTES } from '@/lib/documents/sources/upload-limits';

const md = (name: string, size = 1000) => ({ name, type: 'text/markdown', size });

describe('files attached in the chat composer', () => {
  it('refuses before uploading what the server would refuse: wrong kind, empty, over 5 MB; images are welcome', () => {
    expect(
      checkPicked(
        [],
        [
          { name: 'drawing.svg', type: 'image/svg+xml', size: 10 },
          md('empty.md', 0),
          md('big.md', MAX_SOURCE_FILE_BYTES + 1),
          md('ok.md'),
          { name: 'photo.png', type: 'image/png', size: 10 },
        ],
      ),
    ).toEqual(['type', 'empty', 'fileTooLarge', null, null]);
  });

  it('counts the files already waiting against the 8-file and 20 MB limits of one upload', () => {
    const waiting = Array.from({ length: MAX_FILES_PER_REQUEST - 1 }, (_, i) => md(`w${i}.md`));
    expect(checkPicked(waiting, [md('a.md'), md('b.md')])).toEqual([null, 'tooMany']);
    const heavy = Array.from({ length: 4 }, (_, i) => md(`h${i}.md`, MAX_SOURCE_FILE_BYTES));
    expect(checkPicked(heavy.slice(0, 3), [heavy[3]!, md('one-more.md')])).toEqual([null, 'uploadTooLarge']);
  });

  it('shows each file’s own progress from the bytes of the whole multipart body', () => {
    // 1,000 file bytes in a 1,100-byte body: half the body sent covers the first file
    expect(progressPerFile([500, 500], 550, 1100)).toEqual([1, 0]);
    expect(progressPerFile([500, 500], 825, 1100)).toEqual([1, 0.5]);
    expect(progressPerFile([500, 500], 1100, 1100)).toEqual([1, 1]);
  });

  it('shows the files still waiting in the chat after a reload: as attached chips, oldest first, before newly picked ones, none twice', () => {
    const waiting = (id: string, title: string, createdAt: string) => ({
      id,
      title,
      kind: 'markdown',
      size: { unit: 'paragraph' as const, count: 3 },
      createdAt,
    });
    // the API lists newest first
    const listed = [
      waiting('s3', 'third', '2026-01-03T00:00:00Z'),
      waiting('s2', 'second', '2026-01-02T00:00:00Z'),
      waiting('s1', 'first', '2026-01-01T00:00:00Z'),
    ];
    const uploadedHere: Attachment = {
      key: 'attachment-0',
      name: 'third.md',
      size: { bytes: 900 },
      file: null,
      sourceId: 's3',
      fileId: null,
      image: false,
      state: 'attached',
      progress: 1,
      problem: null,
      removing: false,
    };
    const picked: Attachment = { ...uploadedHere, key: 'attachment-1', name: 'new.md', sourceId: null, state: 'ready', progress: 0 };

    const chips = withWaitingFiles([uploadedHere, picked], listed, (id) => `waiting-${id}`);
    expect(chips.map((c) => [c.key, c.name, c.state])).toEqual([
      ['waiting-s1', 'first', 'attached'],
      ['waiting-s2', 'second', 'attached'],
      ['attachment-0', 'third.md', 'attached'],
      ['attachment-1', 'new.md', 'ready'],
    ]);
    expect(chips[0]).toMatchObject({ sourceId: 's1', file: null, size: { unit: 'paragraph', count: 3 } });
    // the input is left as it was: React state is replaced, never changed in place
    expect(listed.map((w) => w.id)).toEqual(['s3', 's2', 's1']);
  });

  it('marks the file a server error names', () => {
    expect(fileNamedIn('“scan.pdf” has no readable text (a scanned PDF needs OCR first).', ['notes.md', 'scan.pdf'])).toBe(1);
    expect(fileNamedIn('The upload is larger than 20 MB.', ['notes.md'])).toBe(-1);
  });
});

describe('document messages in the chat', () => {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const started = (minutesAgo: number) => ({
    meta: { tools: [{ name: 'start_document', input: { request: 'a report' } }] },
    createdAt: at(minutesAgo),
  });
  const done = (minutesAgo: number) => ({
    meta: { event: 'document_done', documentId: 'd1', title: 'Report', sections: 3, words: 900, seconds: 80, flagged: 0 },
    createdAt: at(minutesAgo),
  });

  it('reads a document event out of a system message, and nothing else', () => {
    expect(documentEventOf(done(0).meta)?.event).toBe('document_done');
    expect(documentEventOf({ event: 'something_else', documentId: 'd1' })).toBeNull();
    expect(documentEventOf({ event: 'document_done' })).toBeNull();
    expect(documentEventOf(null)).toBeNull();
  });

  it('keeps looking for them while a started document has not posted Done, for half an hour at most', () => {
    expect(documentMayPost([], Date.now())).toBe(false);
    expect(documentMayPost([started(1)], Date.now())).toBe(true);
    expect(documentMayPost([started(5), done(1)], Date.now())).toBe(false);
    expect(documentMayPost([started(5), done(3), started(1)], Date.now())).toBe(true);
    expect(documentMayPost([started(45)], Date.now())).toBe(false);
  });
});
