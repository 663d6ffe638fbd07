import { z } from 'zod';
import { defineOperations } from '@/lib/http/openapi/api-operation';

/** The account page's own route beside better-auth's (lib/http/api/auth.ts): sessions are listed on the page, ended here by id. */

export const sessionEndedResponse = z.strictObject({ id: z.string(), ended: z.literal(true) });

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
]);
