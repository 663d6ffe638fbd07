import type { Db } from '@/lib/db/client';
import { ADDRESS_LIMIT_FACTOR, takeRateRules, type RateSubject } from '@/lib/rate-limit/rate-limit';

/** Where each section of a document stands: what an open page compares with what it shows. */
export interface SectionHead {
  id: string;
  position: number;
  version: number;
  status: string;
  /** who wrote the current version: null for the pipeline (the model's draft or revision) */
  savedBy: { name: string; you: boolean } | null;
  savedAt: Date | null;
}

/**
 * An open document page asks every few seconds; a few dozen small rows in
 * one indexed query, no section text. Several tabs and people share the
 * budget per account and address.
 */
export const HEADS_PER_MINUTE = 120;

/**
 * The sections' versions and who saved each current one, in document order:
 * the page refreshes what changed and names who changed it. One query, so
 * it costs the same on PGlite and on PostgreSQL, whichever process wrote.
 */
export async function readSectionHeads(db: Db, documentId: string, viewerId: string): Promise<SectionHead[]> {
  const rows = await db.$queryRaw<
    Array<{
      id: string;
      position: number;
      version: number;
      status: string;
      authorId: string | null;
      authorName: string | null;
      savedAt: Date | null;
    }>
  >`
    SELECT s.id, s.position, s.version, s.status, v."authorId", u.name AS "authorName", v."savedAt"
    FROM section s
    LEFT JOIN section_version v ON v."sectionId" = s.id AND v.version = s.version
    LEFT JOIN "user" u ON u.id = v."authorId"
    WHERE s."documentId" = ${documentId}
    ORDER BY s.position`;
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    version: row.version,
    status: row.status,
    savedBy: row.authorId ? { name: row.authorName ?? '', you: row.authorId === viewerId } : null,
    savedAt: row.savedAt,
  }));
}

/** The poll's own rate counters, apart from the model-calling ones: watching a document never uses up a person's rewrites. */
export async function takeHeadsRateLimit(db: Db, subject: RateSubject): Promise<void> {
  const rules = [{ key: `heads:user:${subject.userId}`, perMinute: HEADS_PER_MINUTE }];
  if (subject.clientAddress) rules.push({ key: `heads:ip:${subject.clientAddress}`, perMinute: HEADS_PER_MINUTE * ADDRESS_LIMIT_FACTOR });
  await takeRateRules(db, rules);
}
