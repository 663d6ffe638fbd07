/** What an upload of source files may hold; the browser and the server share these (no server-only imports here). */

/** Per attached file; a larger one is refused with 413 before it is read. */
export const MAX_SOURCE_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_FILES_PER_REQUEST = 8;
/** the files of one upload together */
export const MAX_UPLOAD_FILES_BYTES = 4 * MAX_SOURCE_FILE_BYTES;
/** the whole multipart body: the files plus the fields and the multipart framing */
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_FILES_BYTES + 64 * 1024;

export type SourceKind = 'text' | 'markdown' | 'pdf' | 'docx';

/** Plain text under another name: tables and source code are read line by line like any text file. */
const PLAIN_TEXT_EXTENSIONS = [
  'txt',
  'text',
  'csv',
  'tsv',
  'json',
  'yaml',
  'yml',
  'toml',
  'xml',
  'log',
  'ini',
  'cfg',
  'conf',
  'sql',
  'sh',
  'py',
  'js',
  'mjs',
  'ts',
  'tsx',
  'jsx',
  'java',
  'kt',
  'go',
  'rs',
  'rb',
  'php',
  'c',
  'h',
  'cpp',
  'hpp',
  'cs',
  'swift',
  'css',
  'scss',
  'html',
];
const PLAIN_TEXT_NAME = new RegExp(`\\.(${PLAIN_TEXT_EXTENSIONS.join('|')})$`);

/** For a file input's `accept`: the kinds sourceKindOf recognises. */
export const SOURCE_FILE_ACCEPT = [
  '.md,.markdown,.pdf,.docx',
  ...PLAIN_TEXT_EXTENSIONS.map((extension) => `.${extension}`),
  'text/plain,text/markdown,text/csv,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
].join(',');

export function sourceKindOf(file: { name: string; type: string }): SourceKind | null {
  const name = file.name.toLowerCase();
  if (file.type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  if (file.type === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' || name.endsWith('.docx')) return 'docx';
  if (file.type === 'text/markdown' || /\.(md|markdown)$/.test(name)) return 'markdown';
  if (file.type.startsWith('text/') || file.type === 'application/json' || PLAIN_TEXT_NAME.test(name)) return 'text';
  return null;
}
