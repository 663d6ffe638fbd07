import { AppError } from '@/lib/errors';
import { HostLimiter } from '@/lib/web/host-limiter';
import { LinkError } from '@/lib/web/link-error';
import type { LinkReader, ReadPage } from '@/lib/web/link-reader';
import { hostPortOf } from '@/lib/web/link-policy';
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, robotsAllow, type RobotsRules } from '@/lib/web/robots';
import { DEFAULT_FETCH_LIMITS, safeFetch, type FetchedBody, type FetchLimits, type Resolver } from '@/lib/web/safe-fetch';
import { parseSourceFile } from './parse-source-file';
import { splitMarkdownParagraphs, splitParagraphs } from './split-paragraphs';

export interface LinkReaderOptions {
  allowHosts: readonly string[];
  limits?: Partial<FetchLimits>;
  /** polite concurrency per host (1–2) */
  perHost?: number;
  resolve?: Resolver;
}

const READABLE_TYPES = new Set(['text/html', 'application/xhtml+xml', 'text/plain', 'text/markdown', 'application/pdf']);
const ROBOTS_TTL_MS = 60 * 60 * 1000;
const ROBOTS_MAX_BYTES = 512 * 1024;

/**
 * Reads links for research: robots.txt first (per origin, cached for an hour),
 * one or two requests per host at a time, then the page's main text
 * (Readability on linkedom), a PDF through the upload parser, or plain text.
 */
export function createLinkReader(options: LinkReaderOptions): LinkReader {
  const limits = { ...DEFAULT_FETCH_LIMITS, ...options.limits };
  const slots = new HostLimiter(options.perHost ?? 2);
  const robots = new Map<string, { rules: RobotsRules; until: number }>();

  async function robotsRules(url: URL, signal: AbortSignal): Promise<RobotsRules> {
    const cached = robots.get(url.origin);
    if (cached && cached.until > Date.now()) return cached.rules;
    let rules: RobotsRules;
    try {
      const fetched = await safeFetch(`${url.origin}/robots.txt`, {
        allowHosts: options.allowHosts,
        limits: { ...limits, maxBytes: ROBOTS_MAX_BYTES },
        signal,
        accept: 'text/plain',
        acceptsType: null,
        resolve: options.resolve,
      });
      rules = parseRobots(fetched.body.toString('utf8'), 'Quire');
    } catch (error) {
      if (!(error instanceof LinkError)) throw error;
      // RFC 9309: no robots.txt (4xx) allows everything; one that cannot be read means "stay out"
      if (error.code === 'blocked_address') throw error;
      if (error.code === 'http_status' && /answered 4\d\d/.test(error.message)) rules = ALLOW_ALL;
      else if (error.code === 'too_large' || error.code === 'not_text') rules = ALLOW_ALL;
      else rules = DISALLOW_ALL;
    }
    robots.set(url.origin, { rules, until: Date.now() + ROBOTS_TTL_MS });
    return rules;
  }

  return {
    async read(url, signal) {
      const host = hostPortOf(new URL(url));
      const fetched = await slots.run(host, () =>
        safeFetch(url, {
          allowHosts: options.allowHosts,
          limits,
          signal,
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8',
          acceptsType: (type) => READABLE_TYPES.has(type),
          resolve: options.resolve,
          beforeHop: async (hop) => {
            if (!robotsAllow(await robotsRules(hop, signal), `${hop.pathname}${hop.search}`)) {
              throw new LinkError('robots', `The site's robots.txt does not allow reading ${hop.pathname}.`);
            }
          },
        }),
      );
      return pageText(fetched);
    },
  };
}

/** The fetched body → title and paragraphs. Exported for tests of the extraction alone. */
export async function pageText(fetched: FetchedBody): Promise<ReadPage> {
  const type = fetched.contentType.split(';')[0].trim().toLowerCase();
  const fallbackTitle = new URL(fetched.url).hostname + new URL(fetched.url).pathname.replace(/\/$/, '');
  if (type === 'application/pdf') {
    const name = decodeURIComponent(new URL(fetched.url).pathname.split('/').pop() || 'document.pdf');
    try {
      const parsed = await parseSourceFile({
        name: name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`,
        type: 'application/pdf',
        bytes: new Uint8Array(fetched.body),
      });
      return { url: fetched.url, title: parsed.title, unit: 'page', paragraphs: parsed.paragraphs };
    } catch (error) {
      if (error instanceof AppError) throw new LinkError('no_text', error.message);
      throw error;
    }
  }
  const text = decodeText(fetched.body, fetched.contentType);
  let title = fallbackTitle;
  let paragraphs: string[];
  if (type === 'text/plain') paragraphs = splitParagraphs(text);
  else if (type === 'text/markdown') paragraphs = splitMarkdownParagraphs(text);
  else ({ title, paragraphs } = await mainText(text, fallbackTitle));
  if (paragraphs.length === 0) throw new LinkError('no_text', 'The page has no readable text.');
  return { url: fetched.url, title, unit: 'paragraph', paragraphs };
}

/** Readability's article, block by block: each paragraph, heading, list item or cell one paragraph. */
async function mainText(html: string, fallbackTitle: string): Promise<{ title: string; paragraphs: string[] }> {
  // loaded on first use: a worker that never reads a web page does not pay for the HTML parser at start-up
  const [{ Readability }, { parseHTML }] = await Promise.all([import('@mozilla/readability'), import('linkedom')]);
  const { document } = parseHTML(html);
  const pageTitle = document.querySelector('title')?.textContent?.trim();
  const article = new Readability(document as unknown as Document).parse();
  const content = article?.content
    ? parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document
    : parseHTML(html).document;
  const blocks = [...content.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, blockquote, pre, td, th, dd, dt')]
    // a block inside another counted block is already in that block's text
    .filter((el) => !el.parentElement?.closest('p, li, blockquote, pre, td, th, dd, dt'))
    .map((el) => el.textContent ?? '');
  const paragraphs = splitParagraphs(blocks.join('\n\n'));
  return {
    title: (article?.title || pageTitle || fallbackTitle).trim().slice(0, 300),
    paragraphs: paragraphs.length > 0 ? paragraphs : splitParagraphs(content.body?.textContent ?? ''),
  };
}

function decodeText(body: Buffer, contentType: string): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
