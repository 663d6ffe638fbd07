import type { Db } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';

/** One model's record in the rounds where a person marked the better answer. */
export interface ArenaModel {
  model: string;
  /** marked rounds the model answered in */
  rounds: number;
  /** of those, how often its answer was the one marked better */
  wins: number;
  /** its answers in those rounds: mean cost (micro-USD) and output tokens, median time to the first word */
  averageCostMicros: number;
  averageOutputTokens: number;
  medianFirstTokenMs: number | null;
}

/** How often one model's answer was marked better than another's when both answered. */
export interface ArenaPairing {
  winner: string;
  loser: string;
  count: number;
}

export interface ArenaSummary {
  /** marked rounds in the period */
  rounds: number;
  /** best share of wins first; fewer rounds break ties last */
  models: ArenaModel[];
  pairings: ArenaPairing[];
}

/** The most models and pairings a summary lists: a deployment's catalogue, not its messages. */
const MAX_ROWS = 200;

/**
 * The deployment's own arena (docs/features.md "Model comparison"): for the side-by-side rounds whose better
 * answer was marked from `from` to `to` (both included), each model's wins and rounds with what its answers cost and how soon
 * they began, and who beat whom. Reads the marks by their time index and each round's answers by their
 * question (the marked answer's siblings), so the cost follows the marks, not the message table.
 */
export async function arenaSummary(db: Db, period: { from?: Date; to?: Date }): Promise<ArenaSummary> {
  const within = Prisma.sql`
    ${period.from ? Prisma.sql`p."updatedAt" >= ${period.from}` : Prisma.sql`TRUE`}
    AND ${period.to ? Prisma.sql`p."updatedAt" <= ${period.to}` : Prisma.sql`TRUE`}`;
  const answers = Prisma.sql`
    answer_preference p
    JOIN message w ON w.id = p."messageId"
    JOIN message a ON a."parentId" = w."parentId" AND a."chatId" = p."chatId" AND a.role = 'assistant' AND a.meta->>'round' = p.round`;
  const [[totals], models, pairings] = await Promise.all([
    db.$queryRaw<Array<{ rounds: number }>>`SELECT count(*)::int AS rounds FROM answer_preference p WHERE ${within}`,
    db.$queryRaw<Array<ArenaModel>>`
      SELECT COALESCE(a.model, '') AS model, count(DISTINCT p.round)::int AS rounds,
             count(DISTINCT p.round) FILTER (WHERE a.id = p."messageId")::int AS wins,
             COALESCE(avg(a."costMicros"), 0)::float AS "averageCostMicros",
             COALESCE(avg(a."outputTokens"), 0)::float AS "averageOutputTokens",
             (percentile_cont(0.5) WITHIN GROUP (ORDER BY a."firstTokenMs"))::float AS "medianFirstTokenMs"
      FROM ${answers}
      WHERE ${within}
      GROUP BY 1
      ORDER BY (count(DISTINCT p.round) FILTER (WHERE a.id = p."messageId"))::float / count(DISTINCT p.round) DESC,
               count(DISTINCT p.round) DESC, 1
      LIMIT ${MAX_ROWS}`,
    db.$queryRaw<Array<ArenaPairing>>`
      SELECT COALESCE(w.model, '') AS winner, COALESCE(a.model, '') AS loser, count(DISTINCT p.round)::int AS count
      FROM ${answers}
      WHERE ${within} AND a.id <> w.id AND a.model IS DISTINCT FROM w.model
      GROUP BY 1, 2
      ORDER BY 3 DESC, 1, 2
      LIMIT ${MAX_ROWS}`,
  ]);
  return { rounds: totals?.rounds ?? 0, models, pairings };
}
