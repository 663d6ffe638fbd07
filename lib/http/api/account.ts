import { z } from 'zod';
import { defineOperations } from '@/lib/http/openapi/api-operation';

/**
 * The account page's own routes beside better-auth's (lib/http/api/auth.ts): sessions are listed on
 * the page, ended here by id; the person's data downloads as one ZIP; the account can be deleted.
 */

export const sessionEndedResponse = z.strictObject({ id: z.string(), ended: z.literal(true) });

/** DELETE /api/account */
export const deleteAccountBody = z.object({
  password: z.string().max(1000).default('').meta({
    description:
      'The current password; an account without one (single sign-on only) leaves it out and must have signed in in the last 10 minutes.',
  }),
  transfers: z
    .record(z.string().max(100), z.string().max(100))
    .refine((transfers) => Object.keys(transfers).length <= 200, 'transfers: at most 200 documents.')
    .default({})
    .meta({ description: 'Shared documents to keep: document id → the id of one of its editors, who becomes its owner.' }),
});

export const accountDeletedResponse = z.strictObject({ deleted: z.literal(true) });

export const accountOperations = defineOperations([
  {
    method: 'DELETE',
    path: '/api/account/sessions/{id}',
    tag: 'Auth',
    auth: 'session',
    summary: "Sign out one of the caller's sessions, by its id.",
    description:
      "The session is refused from its next request on, in every web process. Another person's session, or one that has ended, is a 404. Ending the caller's own session signs the caller out.",
    responses: { 200: '`{id, ended: true}`.' },
    responseBodies: { 200: sessionEndedResponse },
  },
  {
    method: 'GET',
    path: '/api/account/export',
    tag: 'Auth',
    auth: 'session',
    summary: "Download everything of the caller's as one ZIP file, streamed.",
    description:
      '`account.json`; `chats/` with each chat as Markdown and as JSON (`quire.chat.v1`, as the per-chat export); `documents/` with each document the caller owns as Markdown and a `.versions.md` holding every version of each section; `uploads/` with the text read from each file the caller uploaded (the file itself is not kept); `ledger.csv` and `credits.csv`. At most 3 a minute.',
    produces: 'application/zip',
    responses: { 200: 'The ZIP file, as an attachment named `quire-data-DATE.zip`.', 429: 'Three downloads this minute already.' },
  },
  {
    method: 'DELETE',
    path: '/api/account',
    tag: 'Auth',
    auth: 'session',
    summary: "Delete the caller's account, after the current password.",
    description:
      "Removes the caller's chats, the documents they own (except those passed on in `transfers`), their uploaded files, memberships and sessions, in one transaction. Ledger entries and top-ups stay for accounting, moved to a nameless record with no email or name. A wrong password is a 403 `wrong_password` and nothing changes; an account without a password (single sign-on only) must have signed in within the last 10 minutes, else 403 `fresh_sign_in_required`; a transfer to someone who is not an editor of that document is a 400. At most 5 tries a minute.",
    body: deleteAccountBody,
    responses: {
      200: '`{deleted: true}`; the caller is signed out everywhere.',
      400: 'A transfer names a document the caller does not own or someone who is not its editor.',
      403: '`wrong_password` or `fresh_sign_in_required`: nothing was deleted.',
      429: 'Too many tries this minute.',
    },
    responseBodies: { 200: accountDeletedResponse },
  },
]);
