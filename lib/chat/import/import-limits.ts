/** What an import of chats may hold; the browser and the server share these (no server-only imports here). */

/** The uploaded file (a conversations.json, or the export's ZIP); a larger one is refused with 413 as it arrives. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** the whole multipart body: the file plus the form's framing */
export const MAX_IMPORT_BODY_BYTES = MAX_IMPORT_BYTES + 64 * 1024;
/** Conversations in one file; a file with more is refused whole, before any chat is made. */
export const MAX_IMPORT_CHATS = 1_000;
/** Messages kept of one conversation: the first ones, and the result says which chats were cut. */
export const MAX_IMPORT_MESSAGES_PER_CHAT = 10_000;
/** One message's text; longer text is cut there with a note. */
export const MAX_IMPORT_MESSAGE_CHARS = 100_000;

/** For the file input's `accept`. */
export const IMPORT_FILE_ACCEPT = '.json,.zip,application/json,application/zip';
