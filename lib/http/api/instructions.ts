import { z } from 'zod';
import { INSTRUCTIONS_MAX_CHARS } from '@/lib/chat/limits';
import { defineOperations } from '@/lib/http/openapi/api-operation';

const instructionsText = (what: string) =>
  z.string().max(INSTRUCTIONS_MAX_CHARS, `${what} can be at most ${INSTRUCTIONS_MAX_CHARS} characters.`);

/** PUT /api/account/instructions: both fields at once ('' clears one). */
export const personalInstructionsBody = z.strictObject({
  aboutMe: instructionsText('About me'),
  answerStyle: instructionsText('How to answer'),
});

/** The chat settings' `instructions` field (PATCH /api/chats/:id). */
export const chatInstructionsField = instructionsText('A chat’s instructions');

export const personalInstructionsResponse = z.strictObject({ aboutMe: z.string(), answerStyle: z.string() });

export const instructionsOperations = defineOperations([
  {
    method: 'GET',
    path: '/api/account/instructions',
    tag: 'Chats',
    auth: 'session',
    summary: "The caller's About me and How to answer.",
    responses: { 200: '`{aboutMe, answerStyle}`, each `""` until written.' },
    responseBodies: { 200: personalInstructionsResponse },
  },
  {
    method: 'PUT',
    path: '/api/account/instructions',
    tag: 'Chats',
    auth: 'session',
    summary: 'Save About me and How to answer.',
    description: `Both are sent to the model on every turn of every chat of the caller's, after Quire's own instructions and before the key facts, never cut; each at most ${INSTRUCTIONS_MAX_CHARS} characters. An answer's "What the model saw" shows them as sent.`,
    body: personalInstructionsBody,
    responses: { 200: 'The instructions as saved (trimmed).' },
    responseBodies: { 200: personalInstructionsResponse },
  },
]);
