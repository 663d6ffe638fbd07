import { z } from 'zod';
import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { startTurnResponse } from '@/lib/chat/start-turn';
import { MAX_MESSAGE_CHARS } from '@/lib/chat/limits';
import { readJson, route } from '@/lib/http/handler';

const body = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'The message is empty.')
    .max(MAX_MESSAGE_CHARS, `A message can be at most ${MAX_MESSAGE_CHARS} characters.`),
  model: z.string().max(200).optional(),
});

export const POST = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const { text, model } = await readJson(request, body);
  return startTurnResponse(app, user, request, { chatId: id, mode: 'answer', text, modelId: model });
});
