import { requireOwnChat } from '@/lib/chat/chats';
import { canonicalUpdate, recordSlotValues, removeSlot } from '@/lib/chat/slots-store';
import { isSlotKey, SLOT_KEYS } from '@/lib/chat/context/types';
import { AppError, notFound } from '@/lib/errors';
import { readJson } from '@/lib/http/handler';
import { userRoute } from '@/lib/http/session-route';
import { slotValueBody as body } from '@/lib/http/api/chat';

/** A key is a built-in slot name or `fact:<slug>`; anything else names no fact. */
function checkedKey(key: string): string {
  if (!isSlotKey(key))
    throw new AppError('bad_request', `“${key.slice(0, 60)}” is not a fact's key: use one of ${SLOT_KEYS.join(', ')} or fact:<name>.`);
  return key;
}

export const PATCH = userRoute<{ key: string; id: string }>(async ({ request, app, user, params: { id, key: rawKey } }) => {
  const key = checkedKey(rawKey);
  await requireOwnChat(app.db, id, user.id);
  const { value } = await readJson(request, body);
  // the person's edit is one more writer of the same fact: the key and value the other paths use
  const fact = canonicalUpdate({ key, value });
  await app.db.$transaction((tx) => recordSlotValues(tx, id, [fact], { messageId: null, at: new Date(), kind: 'person' }));
  return Response.json(fact);
});

export const DELETE = userRoute<{ key: string; id: string }>(async ({ app, user, params: { id, key: rawKey } }) => {
  const key = checkedKey(rawKey);
  await requireOwnChat(app.db, id, user.id);
  const removed = await app.db.$transaction((tx) => removeSlot(tx, id, key));
  if (!removed) throw notFound('No such fact in this chat.');
  return Response.json({ key, removed: true });
});
