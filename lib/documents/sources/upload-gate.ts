import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { takeRequestRate, type RequestRate } from '@/lib/rate-limit/rate-limit';

/**
 * What an upload must pass before any of its files is read: reading costs the
 * server CPU and memory, so a caller over the rate limit (429) or with an empty
 * wallet (402) is turned away first. Rights are checked by the caller before this.
 */
export async function checkUploadAllowed(db: Db, rate: RequestRate): Promise<void> {
  const { userId } = rate.subject;
  await takeRequestRate(db, rate);
  const wallet = await db.wallet.findUnique({ where: { userId }, select: { balanceMicros: true } });
  if (!wallet || wallet.balanceMicros <= 0n)
    throw new AppError('insufficient_credits', 'Not enough credits to read files or start a document. Top up your wallet first.');
}
