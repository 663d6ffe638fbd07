/** Limits and defaults the browser and the server share (no server-only imports here). */

/** A message, and a continuation's carried tail, stay under the provider-friendly size docs/architecture.md sets. */
export const MAX_MESSAGE_CHARS = 6_000;

/** How many models may answer one message side by side (docs/architecture.md "Side by side"). */
export const MAX_SIDE_BY_SIDE = 4;

/** A chat's title until its first message names it. */
export const DEFAULT_CHAT_TITLE = 'New chat';

/** "About me", "How to answer" and a chat's own instructions: each at most this long (a CHECK in the database too). */
export const INSTRUCTIONS_MAX_CHARS = 2_000;
