import type { Db } from '@/lib/db/client';

/** A new user's wallet holds the starting credits; idempotent (sign-up hooks may retry). */
export async function openWallet(db: Db, userId: string, startingCredits: bigint): Promise<void> {
  await db.wallet.upsert({
    where: { userId },
    create: { userId, balanceMicros: startingCredits, creditedMicros: startingCredits },
    update: {},
  });
}

export async function getWallet(db: Db, userId: string) {
  const wallet = await db.wallet.findUnique({ where: { userId } });
  return {
    balanceMicros: Number(wallet?.balanceMicros ?? 0n),
    reservedMicros: Number(wallet?.reservedMicros ?? 0n),
  };
}
