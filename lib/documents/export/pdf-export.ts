import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Nodes, PhrasingContent, RootContent } from 'mdast';
import PDFDocument from 'pdfkit';

import { EXPORT_LABELS, footnoteText, readOnText, type ExportedDocument } from './load-export';
import { isSafeLink, languageOf, parseSectionBody, splitCitations } from './section-tree';
import { woffToTrueType } from './woff-font';

/**
 * DejaVu from npm: PDF's built-in Helvetica has no Cyrillic, DejaVu covers
 * Latin, Cyrillic and Greek in ~1 MB. It has no Chinese glyphs (a CJK font
 * weighs tens of MB): a Chinese document's PDF shows empty boxes for them,
 * and its HTML or DOCX export is the one to use. Read from node_modules at
 * run time (the app starts in the repository's folder), not bundled.
 */
const FONT_FILES = {
  regular: '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff',
  bold: '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff',
  italic: '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-italic.woff',
  boldItalic: '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-italic.woff',
  mono: '@fontsource/dejavu-mono/files/dejavu-mono-latin-400-normal.woff',
} as const;
type FontName = keyof typeof FONT_FILES;

let fonts: Promise<Record<FontName, Buffer>> | null = null;
function loadFonts(): Promise<Record<FontName, Buffer>> {
  fonts ??= Promise.all(
    Object.entries(FONT_FILES).map(
      async ([name, file]) => [name, woffToTrueType(await readFile(path.join(process.cwd(), 'node_modules', file)))] as const,
    ),
  )
    .then((entries) => Object.fromEntries(entries) as Record<FontName, Buffer>)
    .catch((error: unknown) => {
      fonts = null; // a failed read is tried again by the next export, not remembered
      throw error;
    });
  return fonts;
}

const BODY_SIZE = 11;
const CODE_SIZE = 9.5;
const HEADING_SIZES = [22, 16, 14, 13, 12, 11];
const LINK_COLOR = '#0b57d0';
const TEXT_COLOR = '#1a1a1a';
const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

interface Run {
  text: string;
  font: FontName;
  link?: string;
}

interface InlineStyle {
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  link?: string;
}

/**
 * A PDF for reading and printing: the title, sections with their headings
 * (two levels under the section's, as in the HTML export), lists, tables,
 * code in a monospace font, citations as superscript numbers, then the
 * numbered notes with their quotes and the works cited.
 */
export async function renderPdf(doc: ExportedDocument): Promise<Uint8Array<ArrayBuffer>> {
  const files = await loadFonts();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: languageOf(doc),
    displayTitle: true,
    info: { Title: doc.title, Creator: 'Quire' },
    // the default font, so pdfkit never loads Helvetica; it takes font data here, its types say a name only
    font: files.regular as unknown as string,
  });
  for (const name of Object.keys(files) as FontName[]) pdf.registerFont(name, files[name]);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  const writer = new PdfWriter(pdf);

  writer.heading(doc.title, 1);
  if (doc.summary) writer.paragraph([{ text: doc.summary, font: 'italic' }]);
  for (const section of doc.sections) {
    writer.heading(section.title, 2);
    if (section.flagged) {
      writer.paragraph([
        { text: `${EXPORT_LABELS.factCheck} `, font: 'bold' },
        { text: EXPORT_LABELS.flagged, font: 'regular' },
      ]);
    }
    writer.blocks(parseSectionBody(section.body).children, 0);
  }
  if (doc.footnotes.length > 0) {
    writer.heading(EXPORT_LABELS.notes, 2);
    doc.footnotes.forEach((f, i) => {
      const runs: Run[] = [{ text: footnoteText(f), font: 'regular' }];
      // the space before the link is not part of it (it would be underlined)
      if (f.url)
        runs.push(
          { text: ' ', font: 'regular' },
          { text: f.url, font: 'regular', link: f.url },
          { text: ` (${readOnText(f.readAt)})`, font: 'regular' },
        );
      writer.listItem(`${i + 1}.`, runs, 0);
    });
  }
  if (doc.sources.length > 0) {
    writer.heading(EXPORT_LABELS.worksCited, 2);
    for (const source of doc.sources) {
      writer.listItem(
        '•',
        source.url
          ? [
              { text: source.title, font: 'regular', link: source.url },
              { text: ` — ${source.url}, ${readOnText(source.readAt)}`, font: 'regular' },
            ]
          : [{ text: source.title, font: 'regular' }],
        0,
      );
    }
  }
  pdf.end();
  await done;
  return Buffer.concat(chunks);
}

/** Writes blocks top to bottom; pdfkit moves to a new page when text runs past the bottom margin. */
class PdfWriter {
  private readonly left: number;
  private readonly width: number;

  constructor(private readonly pdf: PDFKit.PDFDocument) {
    this.left = pdf.page.margins.left;
    this.width = pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
  }

  heading(text: string, depth: number): void {
    const size = HEADING_SIZES[Math.min(6, depth) - 1];
    this.pdf.moveDown(depth === 1 ? 0 : 0.6);
    this.pdf.font('bold').fontSize(size).fillColor(TEXT_COLOR).text(text, this.left, this.pdf.y, { width: this.width });
    this.pdf.moveDown(0.3);
  }

  paragraph(runs: Run[], indent = 0): void {
    this.write(runs, indent);
    this.pdf.moveDown(0.5);
  }

  listItem(marker: string, runs: Run[], indent: number): void {
    const markerWidth = 18;
    const y = this.pdf.y;
    this.pdf
      .font('regular')
      .fontSize(BODY_SIZE)
      .fillColor(TEXT_COLOR)
      .text(marker, this.left + indent, y, { width: markerWidth, lineBreak: false });
    this.write(runs, indent + markerWidth, y);
    this.pdf.moveDown(0.2);
  }

  blocks(nodes: RootContent[], indent: number): void {
    for (const node of nodes) this.block(node, indent);
  }

  private block(node: RootContent, indent: number): void {
    switch (node.type) {
      case 'heading':
        this.heading(plainText(node.children), node.depth + 2);
        return;
      case 'paragraph':
        this.paragraph(runsOf(node.children, {}), indent);
        return;
      case 'blockquote':
        for (const child of node.children) {
          if (child.type === 'paragraph') this.paragraph(runsOf(child.children, { italic: true }), indent + 18);
          else this.block(child, indent + 18);
        }
        return;
      case 'list':
        node.children.forEach((item, i) => {
          const marker = node.ordered ? `${(node.start ?? 1) + i}.` : '•';
          const [first, ...rest] = item.children;
          if (first?.type === 'paragraph') this.listItem(marker, runsOf(first.children, {}), indent);
          else this.listItem(marker, [], indent);
          this.blocks(first?.type === 'paragraph' ? rest : item.children, indent + 18);
        });
        this.pdf.moveDown(0.3);
        return;
      case 'code':
        this.code(node.value, indent);
        return;
      case 'table':
        this.pdf.x = this.left + indent;
        this.pdf
          .fontSize(BODY_SIZE)
          .fillColor(TEXT_COLOR)
          .table({
            maxWidth: this.width - indent,
            data: node.children.map((row, r) =>
              row.children.map((cell) => ({
                text: plainText(cell.children),
                font: { src: r === 0 ? 'bold' : 'regular' },
                type: r === 0 ? ('TH' as const) : ('TD' as const),
              })),
            ),
          });
        this.pdf.x = this.left;
        this.pdf.moveDown(0.5);
        return;
      case 'thematicBreak': {
        const y = this.pdf.y + 4;
        this.pdf
          .moveTo(this.left, y)
          .lineTo(this.left + this.width, y)
          .strokeColor('#999999')
          .stroke();
        this.pdf.moveDown(1);
        return;
      }
      case 'html':
        this.paragraph([{ text: node.value, font: 'regular' }], indent);
        return;
      default:
        return;
    }
  }

  /** Monospace on a light background; a block taller than what is left of the page starts a new one (when it fits on a page). */
  private code(value: string, indent: number): void {
    const pad = 6;
    const width = this.width - indent - 2 * pad;
    this.pdf.font('mono').fontSize(CODE_SIZE);
    const height = this.pdf.heightOfString(value, { width });
    const bottom = this.pdf.page.height - this.pdf.page.margins.bottom;
    const fullPage = bottom - this.pdf.page.margins.top;
    if (this.pdf.y + height + 2 * pad > bottom && height + 2 * pad <= fullPage) this.pdf.addPage();
    const top = this.pdf.y;
    if (height + 2 * pad <= fullPage) {
      this.pdf.rect(this.left + indent, top, this.width - indent, height + 2 * pad).fill('#f3f4f6');
    }
    this.pdf.fillColor(TEXT_COLOR).text(value, this.left + indent + pad, top + pad, { width });
    this.pdf.x = this.left;
    this.pdf.y += pad;
    this.pdf.moveDown(0.5);
  }

  /** Runs of one paragraph as continued text, so fonts change mid-line and the whole wraps as one. */
  private write(runs: Run[], indent: number, y = this.pdf.y): void {
    const visible = runs.filter((run) => run.text !== '');
    this.pdf.x = this.left + indent;
    this.pdf.y = y;
    visible.forEach((run, i) => {
      this.pdf
        .font(run.font)
        .fontSize(run.font === 'mono' ? CODE_SIZE : BODY_SIZE)
        .fillColor(run.link ? LINK_COLOR : TEXT_COLOR)
        .text(run.text, {
          width: this.width - indent,
          continued: i < visible.length - 1,
          link: run.link ?? null,
          underline: Boolean(run.link),
        });
    });
    this.pdf.x = this.left;
  }
}

function runsOf(nodes: PhrasingContent[], style: InlineStyle): Run[] {
  return nodes.flatMap((node) => runsOfNode(node, style));
}

function runsOfNode(node: Nodes, style: InlineStyle): Run[] {
  switch (node.type) {
    case 'text':
      return splitCitations(node.value).map((piece) =>
        'text' in piece
          ? { text: piece.text, font: fontFor(style), link: style.link }
          : { text: superscript(piece.footnote), font: 'regular' as const },
      );
    case 'emphasis':
      return runsOf(node.children, { ...style, italic: true });
    case 'strong':
      return runsOf(node.children, { ...style, bold: true });
    case 'inlineCode':
      return [{ text: node.value, font: 'mono', link: style.link }];
    case 'break':
      return [{ text: '\n', font: fontFor(style) }];
    case 'link':
      // a PDF has no page of the app around it: only absolute links are kept
      return runsOf(node.children, isSafeLink(node.url) && !/^[#/]/.test(node.url) ? { ...style, link: node.url } : style);
    case 'image':
      return [{ text: node.alt ?? '', font: fontFor(style) }];
    case 'html':
      return [{ text: node.value, font: fontFor(style) }];
    default:
      return 'children' in node ? runsOf(node.children as PhrasingContent[], style) : [];
  }
}

function fontFor(style: InlineStyle): FontName {
  if (style.code) return 'mono';
  if (style.bold && style.italic) return 'boldItalic';
  if (style.bold) return 'bold';
  return style.italic ? 'italic' : 'regular';
}

function superscript(n: number): string {
  return [...String(n)].map((digit) => SUPERSCRIPT_DIGITS[Number(digit)]).join('');
}

function plainText(nodes: PhrasingContent[]): string {
  return runsOf(nodes, {})
    .map((run) => run.text)
    .join('');
}
