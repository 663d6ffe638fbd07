import { randomUUID } from 'node:crypto';
import type { Db } from '@/lib/db/client';
import { openWallet } from '@/lib/billing/wallet';

/** A user with a wallet, as sign-up would leave them. */
export async function createUser(db: Db, opts: { credits?: bigint; email?: string; role?: 'user' | 'staff' } = {}) {
  const id = randomUUID();
  const email = opts.email ?? `${id.slice(0, 8)}@example.com`;
  await db.user.create({ data: { id, name: email.split('@')[0]!, email, role: opts.role ?? 'user' } });
  await openWallet(db, id, opts.credits ?? 5_000_000n);
  return { id, email };
}

export async function walletBooks(db: Db, userId: string) {
  const w = await db.wallet.findUniqueOrThrow({ where: { userId } });
  return {
    balance: w.balanceMicros,
    reserved: w.reservedMicros,
    charged: w.chargedMicros,
    credited: w.creditedMicros,
    balanced: w.creditedMicros === w.balanceMicros + w.reservedMicros + w.chargedMicros,
  };
}
