import {
  Document,
  ExternalHyperlink,
  FootnoteReferenceRun,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { Nodes, PhrasingContent, RootContent } from 'mdast';

import { EXPORT_LABELS, footnoteText, readOnText, type ExportedDocument } from './load-export';
import { isSafeLink, languageOf, parseSectionBody, splitCitations } from './section-tree';

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;
const ORDERED = 'ordered-list';
const MONOSPACE = 'Courier New';

interface InlineStyle {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  code?: boolean;
  link?: boolean;
}

/** What one document's walk keeps: the next ordered list's numbering instance, and the footnotes already referenced. */
interface Walk {
  nextInstance: number;
  /** Word numbers footnotes by their references, so a repeated citation is written as its number in superscript */
  cited: Set<number>;
}

/** Block context: how deep in lists, and which ordered list (each one numbers from its own start). */
interface BlockContext {
  walk: Walk;
  listLevel: number;
  /** set inside a list item: the item's first paragraph carries the bullet or number */
  item?: { ordered: boolean; instance: number; first: boolean };
}

/**
 * A Word document: the title, each section as a Heading 2 (its own headings
 * two levels down, as in the HTML export), citations as real Word footnotes
 * holding the quoted sentence, and the works cited at the end.
 */
export async function renderDocx(doc: ExportedDocument): Promise<Uint8Array<ArrayBuffer>> {
  const context: BlockContext = { walk: { nextInstance: 1, cited: new Set() }, listLevel: 0 };
  const body: Array<Paragraph | Table> = [new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(doc.title)] })];
  if (doc.summary) body.push(new Paragraph({ children: [new TextRun({ text: doc.summary, italics: true })] }));
  for (const section of doc.sections) {
    body.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(section.title)] }));
    if (section.flagged) {
      body.push(
        new Paragraph({
          children: [new TextRun({ text: `${EXPORT_LABELS.factCheck} `, bold: true }), new TextRun(EXPORT_LABELS.flagged)],
        }),
      );
    }
    body.push(...blocks(parseSectionBody(section.body).children, context));
  }
  if (doc.sources.length > 0) {
    body.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(EXPORT_LABELS.worksCited)] }));
    for (const source of doc.sources) {
      const children: ParagraphChild[] = source.url
        ? [
            new ExternalHyperlink({ link: source.url, children: [new TextRun({ text: source.title, style: 'Hyperlink' })] }),
            new TextRun(` — ${source.url}, ${readOnText(source.readAt)}`),
          ]
        : [new TextRun(source.title)];
      body.push(new Paragraph({ bullet: { level: 0 }, children }));
    }
  }
  const footnotes = Object.fromEntries(
    doc.footnotes.map((f, i) => [
      i + 1,
      {
        children: [
          new Paragraph({
            children: [new TextRun(footnoteText(f)), ...(f.url ? [new TextRun(` ${f.url} (${readOnText(f.readAt)})`)] : [])],
          }),
        ],
      },
    ]),
  );
  const word = new Document({
    title: doc.title,
    description: doc.summary ?? undefined,
    creator: 'Quire',
    styles: { default: { document: { run: { language: { value: LANGUAGE_TAGS[languageOf(doc)] } } } } },
    numbering: {
      config: [
        {
          reference: ORDERED,
          levels: [0, 1, 2, 3, 4, 5].map((level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    footnotes,
    sections: [{ children: body }],
  });
  return new Uint8Array(await Packer.toArrayBuffer(word));
}

const LANGUAGE_TAGS = { en: 'en-US', ru: 'ru-RU', zh: 'zh-CN' } as const;

function blocks(nodes: RootContent[], context: BlockContext): Array<Paragraph | Table> {
  return nodes.flatMap((node) => block(node, context));
}

function block(node: RootContent, context: BlockContext): Array<Paragraph | Table> {
  switch (node.type) {
    case 'heading':
      return [new Paragraph({ heading: HEADINGS[Math.min(6, node.depth + 2) - 1], children: inlines(node.children, {}, context.walk) })];
    case 'paragraph':
      return [paragraph(inlines(node.children, {}, context.walk), context)];
    case 'code':
      return [
        new Paragraph({
          shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'F6F8FA' },
          children: node.value.split('\n').map((line, i) => new TextRun({ text: line, font: MONOSPACE, size: 19, break: i === 0 ? 0 : 1 })),
        }),
      ];
    case 'blockquote':
      return node.children.flatMap((child) =>
        child.type === 'paragraph'
          ? [new Paragraph({ indent: { left: 720 }, children: inlines(child.children, { italics: true }, context.walk) })]
          : block(child, context),
      );
    case 'list': {
      const instance = context.walk.nextInstance++;
      return node.children.flatMap((item) => {
        const inner: BlockContext = {
          listLevel: context.listLevel + 1,
          item: { ordered: Boolean(node.ordered), instance, first: true },
          walk: context.walk,
        };
        return blocks(item.children, inner);
      });
    }
    case 'table':
      return [table(node.children.map((row, r) => row.children.map((cell) => inlines(cell.children, { bold: r === 0 }, context.walk))))];
    case 'thematicBreak':
      return [new Paragraph({ thematicBreak: true, children: [] })];
    case 'html':
      return [paragraph([new TextRun(node.value)], context)];
    default:
      return [];
  }
}

/** A paragraph; the first one of a list item carries its bullet or number, later ones are indented under it. */
function paragraph(children: ParagraphChild[], context: BlockContext): Paragraph {
  const item = context.item;
  if (!item) return new Paragraph({ children });
  const level = Math.min(5, context.listLevel - 1);
  if (!item.first) return new Paragraph({ indent: { left: 720 * (level + 1) }, children });
  item.first = false;
  return item.ordered
    ? new Paragraph({ numbering: { reference: ORDERED, level, instance: item.instance }, children })
    : new Paragraph({ bullet: { level }, children });
}

function table(rows: ParagraphChild[][][]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map(
      (cells, r) =>
        new TableRow({
          // repeated on each page; written only on the header row (mammoth reads a present `false` as true)
          ...(r === 0 ? { tableHeader: true } : {}),
          children: cells.map(
            (children) =>
              new TableCell({
                children: [new Paragraph({ children })],
              }),
          ),
        }),
    ),
  });
}

function inlines(nodes: PhrasingContent[], style: InlineStyle, walk: Walk): ParagraphChild[] {
  return nodes.flatMap((node) => inline(node, style, walk));
}

function inline(node: Nodes, style: InlineStyle, walk: Walk): ParagraphChild[] {
  switch (node.type) {
    case 'text':
      return splitCitations(node.value).map((piece) => {
        if ('text' in piece) return run(piece.text, style);
        if (walk.cited.has(piece.footnote)) return new TextRun({ text: String(piece.footnote), superScript: true });
        walk.cited.add(piece.footnote);
        return new FootnoteReferenceRun(piece.footnote);
      });
    case 'emphasis':
      return inlines(node.children, { ...style, italics: true }, walk);
    case 'strong':
      return inlines(node.children, { ...style, bold: true }, walk);
    case 'delete':
      return inlines(node.children, { ...style, strike: true }, walk);
    case 'inlineCode':
      return [run(node.value, { ...style, code: true })];
    case 'break':
      return [new TextRun({ text: '', break: 1 })];
    case 'link': {
      // a Word file has no page of the app around it: only absolute links are kept
      if (!isSafeLink(node.url) || /^[#/]/.test(node.url)) return inlines(node.children, style, walk);
      return [new ExternalHyperlink({ link: node.url, children: inlines(node.children, { ...style, link: true }, walk) })];
    }
    case 'image':
      return [run(node.alt ?? '', style)];
    case 'html':
      return [run(node.value, style)];
    default:
      return 'children' in node ? inlines(node.children as PhrasingContent[], style, walk) : [];
  }
}

function run(text: string, style: InlineStyle): TextRun {
  return new TextRun({
    text,
    bold: style.bold,
    italics: style.italics,
    strike: style.strike,
    style: style.link ? 'Hyperlink' : undefined,
    ...(style.code ? { font: MONOSPACE, shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'F0F0F0' } } : {}),
  });
}
