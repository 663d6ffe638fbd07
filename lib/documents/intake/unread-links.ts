import type { LinkFailureCode } from '@/lib/web/link-error';

// Apart from request-links.ts (which checks addresses with node:net), so the document page can name the reasons.

/** At most this many links written in a request's text are read; the rest are named as not read. */
export const MAX_REQUEST_TEXT_LINKS = 5;

/**
 * Why a link written in the request was not read. Stored as the source's
 * `reason`, so the document page says it in the reader's language.
 */
export type UnreadLinkReason =
  /** the deployment does not read the public web (PUBLIC_SOURCES off) */
  | 'public_sources_off'
  /** the deployment would, but this document was not allowed to */
  | 'public_sources_not_allowed'
  /** asked for in a chat whose web search the person turned off */
  | 'chat_web_search_off'
  /** past MAX_REQUEST_TEXT_LINKS */
  | 'too_many_links'
  /** refused on its face, as a given URL would be with a 422 */
  | Extract<LinkFailureCode, 'bad_url' | 'blocked_address'>;

export const UNREAD_LINK_REASONS: readonly UnreadLinkReason[] = [
  'public_sources_off',
  'public_sources_not_allowed',
  'chat_web_search_off',
  'too_many_links',
  'bad_url',
  'blocked_address',
];

export interface UnreadLink {
  url: string;
  reason: UnreadLinkReason;
}
