import { AppError } from '@/lib/errors';
import { LinkError } from '@/lib/web/link-error';
import { checkLinkUrl } from '@/lib/web/link-policy';
import type { ParsedSource } from './parse-source-file';

/**
 * URLs a person gave as sources → sources that research will read. A URL
 * refused on its face (not http(s), credentials, a private or loopback
 * address written literally) is a 422 now; one whose name resolves there is
 * kept and shown as blocked once research tries it. Repeats are one source.
 */
export function linkSources(urls: string[], allowHosts: readonly string[]): ParsedSource[] {
  const seen = new Set<string>();
  const sources: ParsedSource[] = [];
  for (const raw of urls) {
    let url: URL;
    try {
      url = checkLinkUrl(raw, allowHosts);
    } catch (error) {
      if (error instanceof LinkError)
        throw new AppError('unprocessable', `The source ${raw} cannot be read: ${error.message}`, { url: raw, reason: error.code });
      throw error;
    }
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    sources.push({ kind: 'url', title: url.href, unit: 'paragraph', url: url.href, paragraphs: [] });
  }
  return sources;
}
