import { requireOwnChat } from '@/lib/chat/chats';
import { canonicalUpdate, recordKeyFactValues, removeKeyFact } from '@/lib/chat/key-facts-store';
import { isKeyFactKey, KEY_FACT_KEYS } from '@/lib/chat/context/types';
import { AppError, notFound } from '@/lib/errors';
import { readJson } from '@/lib/http/handler';
import { userRoute } from '@/lib/http/session-route';
import { keyFactValueBody as body } from '@/lib/http/api/chat';

/** A key is a built-in slot name or `fact:<slug>`; anything else names no fact. */
function checkedKey(key: string): string {
  if (!isKeyFactKey(key))
    throw new AppError('bad_request', `“${key.slice(0, 60)}” is not a fact's key: use one of ${KEY_FACT_KEYS.join(', ')} or fact:<name>.`);
  return key;
}

export const PATCH = userRoute<{ key: string; id: string }>(async ({ request, app, user, params: { id, key: rawKey } }) => {
  const key = checkedKey(rawKey);
  await requireOwnChat(app.db, id, user.id);
  const { value } = await readJson(request, body);
  // the person's edit is one more writer of the same fact: the key and value the other paths use
  const fact = canonicalUpdate({ key, value });
  await app.db.$transaction((tx) => recordKeyFactValues(tx, id, [fact], { messageId: null, at: new Date(), kind: 'person' }));
  return Response.json(fact);
});

export const DELETE = userRoute<{ key: string; id: string }>(async ({ app, user, params: { id, key: rawKey } }) => {
  const key = checkedKey(rawKey);
  await requireOwnChat(app.db, id, user.id);
  const removed = await app.db.$transaction((tx) => removeKeyFact(tx, id, key));
  if (!removed) throw notFound('No such fact in this chat.');
  return Response.json({ key, removed: true });
});
