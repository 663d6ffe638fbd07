import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { MAX_SOURCE_FILE_BYTES, parsePastedText, parseSourceFile } from '@/lib/documents/sources/parse-source-file';
import { splitParagraphs } from '@/lib/documents/sources/split-paragraphs';
import { docxWithParagraphs, pdfWithPages } from '@/tests/support/office-fixtures';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

describe('attached sources become numbered paragraphs or pages', () => {
  it('splits plain text at blank lines and long paragraphs at sentences', () => {
    expect(splitParagraphs('One.\n\nTwo\nlines.\n\n\nThree.')).toEqual(['One.', 'Two lines.', 'Three.']);
    const long = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const pieces = splitParagraphs(long);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((p) => p.length <= 1500)).toBe(true);
  });

  it('reads Markdown headings, list items and paragraphs as separate paragraphs without markup', async () => {
    const parsed = await parseSourceFile({
      name: 'notes.md',
      type: 'text/markdown',
      bytes: bytes('# Lisbon\n\nThe **warehouse** opened in 2021.\n\n- 180 staff\n- 4,200 orders a day'),
    });
    expect(parsed).toMatchObject({ kind: 'markdown', title: 'notes', unit: 'paragraph' });
    expect(parsed.paragraphs).toEqual(['Lisbon', 'The warehouse opened in 2021.', '180 staff', '4,200 orders a day']);
  });

  it('reads a DOCX file paragraph by paragraph', async () => {
    const parsed = await parseSourceFile({
      name: 'Report.docx',
      type: '',
      bytes: docxWithParagraphs(['First paragraph.', 'Second paragraph, 42 units.']),
    });
    expect(parsed.kind).toBe('docx');
    expect(parsed.paragraphs).toEqual(['First paragraph.', 'Second paragraph, 42 units.']);
  });

  it('reads a PDF page by page, cited by page number', async () => {
    const parsed = await parseSourceFile({
      name: 'scan.pdf',
      type: 'application/pdf',
      bytes: pdfWithPages(['Page one says 12 trucks.', 'Page two says 7 vans.']),
    });
    expect(parsed.unit).toBe('page');
    expect(parsed.paragraphs).toEqual(['Page one says 12 trucks.', 'Page two says 7 vans.']);
  });

  it('refuses an oversized file with 413 and an unreadable one with 422 and the reason', async () => {
    const huge = { name: 'big.txt', type: 'text/plain', bytes: new Uint8Array(MAX_SOURCE_FILE_BYTES + 1) };
    await expect(parseSourceFile(huge)).rejects.toMatchObject({ code: 'payload_too_large', status: 413 });
    const broken = parseSourceFile({ name: 'broken.pdf', type: 'application/pdf', bytes: bytes('not a pdf at all') });
    await expect(broken).rejects.toBeInstanceOf(AppError);
    await expect(broken).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/broken\.pdf.*could not be read as PDF/) });
    await expect(parseSourceFile({ name: 'broken.docx', type: '', bytes: bytes('zip? no') })).rejects.toMatchObject({ status: 422 });
    await expect(parseSourceFile({ name: 'image.png', type: 'image/png', bytes: bytes('x') })).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/not a text, Markdown, PDF or DOCX/),
    });
    await expect(
      parseSourceFile({ name: 'latin1.txt', type: 'text/plain', bytes: new Uint8Array([0xff, 0xfe, 0x41]) }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('takes pasted text as a source', () => {
    expect(parsePastedText('Notes', 'A.\n\nB.').paragraphs).toEqual(['A.', 'B.']);
    expect(() => parsePastedText('Empty', '   ')).toThrow(/empty/);
  });
});
