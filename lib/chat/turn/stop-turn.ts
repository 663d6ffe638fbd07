import type { Db } from '@/lib/db/client';
import { settleOrphanedTurns } from '@/lib/chat/sweep';
import { LIVE_TURN_STALE_MS } from './live-turn-lock';
import type { StopBus } from './stop-bus';

/**
 * Stop, from any web process: the process streaming the chat's live turn is
 * told (stop-bus.ts). A turn whose process died has nobody to tell: when its
 * beat is seconds old, its answer is settled as `stopped` (with the text its
 * last beat saved) and the chat is freed here and now. With `messageId`, only that answer of a
 * side-by-side round stops.
 */
export async function stopLiveTurn(db: Db, stopBus: StopBus, chatId: string, now = new Date(), messageId?: string): Promise<void> {
  await stopBus.requestStop(chatId, messageId);
  await settleOrphanedTurns(db, LIVE_TURN_STALE_MS, now, chatId);
}
