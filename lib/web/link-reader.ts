/** A link read into paragraphs (pages for a PDF), like an attached file. */
export interface ReadPage {
  /** the address after redirects */
  url: string;
  title: string;
  unit: 'paragraph' | 'page';
  paragraphs: string[];
}

/**
 * Reads public links: SSRF-checked, robots.txt obeyed, polite per host. The implementation
 * (lib/documents/sources/read-link.ts) parses PDFs with the upload parsers, so it lives with them;
 * the chat's web_search takes one by this interface from the composition root.
 */
export interface LinkReader {
  /** Throws LinkError with the reason the document shows when the link cannot be read. */
  read(url: string, signal: AbortSignal): Promise<ReadPage>;
}
