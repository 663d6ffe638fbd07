/** The apps whose exports Quire imports: a Chat's `importedFrom`, and their names as people know them (no server-only imports here). */
export const IMPORT_SOURCES = ['chatgpt', 'claude', 'quire'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_SOURCE_NAMES: Record<ImportSource, string> = { chatgpt: 'ChatGPT', claude: 'Claude.ai', quire: 'Quire' };
