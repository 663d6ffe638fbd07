import { LinkError } from '@/lib/web/link-error';
import { checkLinkUrl } from '@/lib/web/link-policy';
import type { ParsedSource } from '../sources/parse-source-file';
import { MAX_REQUEST_TEXT_LINKS, type UnreadLink, type UnreadLinkReason } from './unread-links';

// A link ends at whitespace, quotes or angle brackets; closing punctuation right after it belongs to the sentence.
const LINK_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`«»“”‘’「」『』（）]+/giu;
const TRAILING_PUNCTUATION = /[.,;:!?。，、；：！？…]+$/u;

/** The http(s) links written in a request's text, in order, each once, as the person wrote them. */
export function linksInText(text: string): string[] {
  const found: string[] = [];
  for (const [match] of text.matchAll(LINK_IN_TEXT)) {
    let link = match.replace(TRAILING_PUNCTUATION, '');
    // "(see https://example.org/a)": the bracket closes the sentence's, unless the link opened one itself
    while (/[)\]]$/.test(link) && count(link, link.endsWith(')') ? '(' : '[') < count(link, link.at(-1)!)) {
      link = link.slice(0, -1).replace(TRAILING_PUNCTUATION, '');
    }
    if (!found.includes(link)) found.push(link);
  }
  return found;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

export interface RequestLinkSources {
  /** links research will read, like the request's `urls` */
  read: ParsedSource[];
  /** links it will not read, with why: kept on the document as failed sources and returned to the person */
  unread: UnreadLink[];
}

/**
 * Links written in a request's text become sources the same way the request's
 * `urls` do, when the document reads the public web; otherwise, or past the
 * cap, or refused on their face, they are named as not read, never dropped in
 * silence. Links that are also among `givenUrls` are left to those.
 */
export function requestTextLinks(
  text: string,
  options: {
    givenUrls: readonly string[];
    deploymentReads: boolean;
    documentReads: boolean;
    /** why, when the document does not read links (the API request's answer; the chat's switch) */
    notAllowed?: Extract<UnreadLinkReason, 'public_sources_not_allowed' | 'chat_web_search_off'>;
    allowHosts: readonly string[];
  },
): RequestLinkSources {
  const given = new Set(options.givenUrls.map(normalized));
  const read: ParsedSource[] = [];
  const unread: UnreadLink[] = [];
  const seen = new Set<string>();
  for (const raw of linksInText(text)) {
    const href = normalized(raw);
    if (given.has(href) || seen.has(href)) continue;
    seen.add(href);
    let url: URL;
    try {
      url = checkLinkUrl(raw, options.allowHosts);
    } catch (error) {
      if (!(error instanceof LinkError)) throw error;
      unread.push({ url: raw, reason: error.code === 'blocked_address' ? 'blocked_address' : 'bad_url' });
      continue;
    }
    if (!options.deploymentReads) unread.push({ url: url.href, reason: 'public_sources_off' });
    else if (!options.documentReads) unread.push({ url: url.href, reason: options.notAllowed ?? 'public_sources_not_allowed' });
    else if (read.length >= MAX_REQUEST_TEXT_LINKS) unread.push({ url: url.href, reason: 'too_many_links' });
    else read.push({ kind: 'url', title: url.href, unit: 'paragraph', url: url.href, paragraphs: [] });
  }
  return { read, unread };
}

/** An unread link as the document keeps it: a failed source whose reason says why. */
export function unreadLinkSource(link: UnreadLink): ParsedSource {
  return { kind: 'url', title: link.url, unit: 'paragraph', url: link.url, paragraphs: [], unreadReason: link.reason };
}

function normalized(raw: string): string {
  try {
    return new URL(raw).href;
  } catch {
    return raw;
  }
}
