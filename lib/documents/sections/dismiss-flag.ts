import type { Db } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/errors';
import { takeRequestRate, type RequestRate } from '@/lib/rate-limit/rate-limit';
import { CAN, requireSectionRole } from '../access';
import type { FactFlag } from '../canvas/fact-check';

export interface FlagDismissalRequest {
  sectionId: string;
  userId: string;
  /** the flagged token as the flag list shows it */
  token: string;
  reason: string;
  /** the caller's rate limit; absent when the caller is not a person's request (tests of the logic) */
  rateLimit?: RequestRate;
}

export interface DismissedFlag {
  token: string;
  reason: string;
  /** the flags the section still has */
  flags: FactFlag[];
  status: 'written' | 'flagged';
}

/**
 * A person who knows a flagged figure or name is right dismisses the flag with
 * a reason: who and why are kept, the flag leaves the section, and the token
 * counts as allowed material of this section from then on (later rewrites and
 * revisions do not flag it again). Editors and owners only, like any edit.
 */
export async function dismissFlag(db: Db, request: FlagDismissalRequest): Promise<DismissedFlag> {
  await requireSectionRole(db, request.sectionId, request.userId, CAN.edit);
  if (request.rateLimit) await takeRequestRate(db, request.rateLimit);
  return db.$transaction(async (tx) => {
    const section = await tx.section.findUniqueOrThrow({ where: { id: request.sectionId }, select: { flags: true } });
    const flags = Array.isArray(section.flags) ? (section.flags as unknown as FactFlag[]) : [];
    const dismissed = flags.find((flag) => flag.token === request.token);
    if (!dismissed) throw new AppError('not_found', `The section has no flag “${request.token}”.`);
    const remaining = flags.filter((flag) => flag.token !== request.token);
    await tx.flagDismissal.upsert({
      where: { sectionId_token: { sectionId: request.sectionId, token: request.token } },
      create: {
        sectionId: request.sectionId,
        token: request.token,
        kind: dismissed.kind,
        reason: request.reason,
        dismissedById: request.userId,
      },
      update: { reason: request.reason, dismissedById: request.userId, createdAt: new Date() },
    });
    const status = remaining.length > 0 ? 'flagged' : 'written';
    // the body and version stay: only the flag list changes, so an open editor's base version is still current
    await tx.section.update({
      where: { id: request.sectionId },
      data: { flags: remaining.length > 0 ? remaining.map((flag) => ({ ...flag })) : Prisma.DbNull, status },
    });
    return { token: request.token, reason: request.reason, flags: remaining, status };
  });
}

/** Tokens people dismissed for this section: allowed material for its fact checks. */
export async function dismissedTokens(db: Db, sectionId: string): Promise<string[]> {
  const rows = await db.flagDismissal.findMany({ where: { sectionId }, select: { token: true } });
  return rows.map((row) => row.token);
}
