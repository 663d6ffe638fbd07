/**
 * The data of the scale benchmark (bench/scale-bench.ts), written straight into a
 * server's database with set-based SQL (INSERT … SELECT generate_series): 600,000
 * messages take about a minute this way, against hours through the API. The rows
 * are the ones a turn writes (lib/chat/turn/turn-rows.ts, lib/billing): a question,
 * a streamed answer with its status, usage, cost and `meta.context`, a ledger entry
 * and its model call per answer; chats with a title, status, summary and lastMessageAt.
 *
 * Every "random" choice is a hash of the row's key (pg_temp.u), and every id a
 * hash too, so the baseline's database and the working tree's get the same rows.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

export type Tier = 'small' | 'big' | 'huge';

/** A word every user message has one chance in 50 to ask about: what `GET /api/chats?q=` looks for. */
export const SEARCH_WORD = 'invoice';
/** The person's chat that grows from 40 messages (small) to 4,040 (big). */
export const LONG_CHAT_ID = uuidOf('scale:long');
/** One of the person's few chats, the same in every tier. */
export const SMALL_CHAT_ID = uuidOf('scale:person:1');

const DAY = 86_400;
const OTHERS_BATCH = 20_000; // chats per statement: one statement's tuplestores stay in memory

interface ChatBatch {
  /** prefix of the chats' ids (with the chat's number) */
  key: string;
  /** the owner's user id, or the seeded people `scale-person-<first>` … `<first + count - 1>` */
  owner: string | { first: number; count: number };
  from: number;
  to: number;
  /** messages are pairs (question, answer); default 1–9 pairs a chat (10 messages on average) */
  pairs?: number;
  /** seconds before now of the first message; default spread over two years */
  startSecondsAgo?: number;
  /** seconds between two questions; default 1–10 minutes */
  stepSeconds?: number;
  /** salt of the message ids, so a chat can grow in a later tier */
  salt: string;
}

/**
 * Adds one tier to the database: `small` is a few chats of the person and of three
 * others; `big` adds the person's 3,000 chats, 4,000 older messages to the long
 * chat, 300 documents, and 300 other people's 60,000 chats (600,000 messages);
 * `huge` adds 2,700 more people's 540,000 chats (6 M messages in all).
 */
export async function seedTier(databaseUrl: string, tier: Tier, personId: string, log: (line: string) => void): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // timestamps are stored as UTC without a zone (as Prisma writes them); a crash of a bench loses nothing worth a flush
    await client.query(`SET TIME ZONE 'UTC'; SET synchronous_commit = off; SET work_mem = '256MB'`);
    // the seed writes each message's parent itself (a question follows the answer before it, an answer its
    // question): the trigger that appends a parentless message to the branch on screen would chain rows of one
    // statement in no particular order. Replica mode skips triggers (foreign keys too: the seed is consistent).
    await client.query(`SET session_replication_role = replica`);
    await client.query(
      `CREATE FUNCTION pg_temp.u(key text, salt int) RETURNS float8 LANGUAGE sql IMMUTABLE
       AS $$ SELECT (hashtext(key || '/' || salt) & 2147483647)::float8 / 2147483648 $$`,
    );
    await client.query(
      `CREATE TEMP TABLE seed_chat (id text PRIMARY KEY, user_id text, model text, status text, title text,
         created_at timestamp(3), step interval, pairs int, salt text)`,
    );
    const chats = (batch: ChatBatch) => seedChats(client, batch);
    if (tier === 'small') {
      await seedPeople(client, 1, 3);
      await chats({ key: 'scale:others-small', owner: { first: 1, count: 3 }, from: 1, to: 9, salt: 's' });
      await chats({ key: 'scale:person', owner: personId, from: 1, to: 4, salt: 's' });
      await chats({ key: 'scale:long', owner: personId, from: 0, to: 0, pairs: 20, startSecondsAgo: 3 * DAY, stepSeconds: 300, salt: 's' });
      await seedDocuments(client, personId, 'scale:doc-small', 3);
    } else if (tier === 'big') {
      await chats({ key: 'scale:person', owner: personId, from: 5, to: 3_004, salt: 'b' });
      // the long chat's history before the small tier's 40 messages: 2,000 turns over four months
      const months = 120 * DAY;
      // the small tier's first question now follows the last of the older turns
      if (await hasMessageTree(client))
        await client.query(
          `UPDATE message SET "parentId" = md5('b' || $1 || ':2000a')::uuid::text WHERE "chatId" = $1 AND "parentId" IS NULL`,
          [LONG_CHAT_ID],
        );
      await chats({
        key: 'scale:long',
        owner: personId,
        from: 0,
        to: 0,
        pairs: 2_000,
        startSecondsAgo: 3 * DAY + months,
        stepSeconds: months / 2_000,
        salt: 'b',
      });
      await client.query(`UPDATE chat SET "createdAt" = (SELECT min("createdAt") FROM message WHERE "chatId" = $1) WHERE id = $1`, [
        LONG_CHAT_ID,
      ]);
      await seedDocuments(client, personId, 'scale:doc-big', 300);
      await seedPeople(client, 4, 300);
      await seedOthers(client, 'scale:others-big', { first: 4, count: 300 }, 60_000, log);
    } else {
      await seedPeople(client, 304, 2_700);
      await seedOthers(client, 'scale:others-huge', { first: 304, count: 2_700 }, 540_000, log);
    }
    // what autovacuum does on a live server after such a load: statistics, and the visibility map that
    // index-only scans need (without it, each probe reads the table too)
    log(`${tier}: VACUUM ANALYZE`);
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

async function seedOthers(
  client: pg.Client,
  key: string,
  owner: { first: number; count: number },
  count: number,
  log: (line: string) => void,
) {
  for (let from = 1; from <= count; from += OTHERS_BATCH) {
    const to = Math.min(count, from + OTHERS_BATCH - 1);
    log(`${key}: chats ${from}–${to} of ${count}`);
    await seedChats(client, { key, owner, from, to, salt: 'o' });
  }
}

/** Accounts as sign-up leaves them (verified, with the starting wallet). */
async function seedPeople(client: pg.Client, first: number, count: number) {
  await client.query(
    `WITH people AS (
       INSERT INTO "user" (id, name, email, "emailVerified", role, "createdAt", "updatedAt")
       SELECT 'scale-person-' || n, 'Person ' || n, 'person-' || n || '@scale.example.com', true, 'user', at, at
       FROM generate_series($1::int, $2::int) n, LATERAL (SELECT now() - interval '800 days' * pg_temp.u('person' || n, 1) AS at) t
       RETURNING id, "createdAt")
     INSERT INTO wallet ("userId", "balanceMicros", "creditedMicros", "updatedAt") SELECT id, 5000000, 5000000, "createdAt" FROM people`,
    [first, first + count - 1],
  );
}

/** Whether messages form a tree (parentId): a baseline from before branches has none. */
async function hasMessageTree(client: pg.Client): Promise<boolean> {
  const found = await client.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'message' AND column_name = 'parentId'`);
  return found.rowCount === 1;
}

async function seedChats(client: pg.Client, b: ChatBatch) {
  const tree = await hasMessageTree(client);
  await client.query('TRUNCATE seed_chat');
  const people = typeof b.owner === 'string' ? { first: 0, count: 1 } : b.owner;
  await client.query(
    `INSERT INTO seed_chat
     SELECT id, COALESCE($5::text, 'scale-person-' || ($11::int + g % $12::int)),
       CASE WHEN pg_temp.u(id, 1) < 0.7 THEN 'sim-swift' ELSE 'sim-sage' END,
       CASE WHEN pg_temp.u(id, 2) < 0.6 THEN 'open' WHEN pg_temp.u(id, 2) < 0.95 THEN 'closed' ELSE 'archived' END,
       initcap(($6::text[])[1 + floor(pg_temp.u(id, 3) * array_length($6::text[], 1))::int]) || ' '
         || ($6::text[])[1 + floor(pg_temp.u(id, 4) * array_length($6::text[], 1))::int],
       date_trunc('milliseconds', now() AT TIME ZONE 'UTC'
         - interval '1 second' * COALESCE($3::float8, 730 * ${DAY} * pg_temp.u(id, 5) + 3600)),
       interval '1 second' * COALESCE($4::float8, 60 + 540 * pg_temp.u(id, 6)),
       COALESCE($7::int, 1 + floor(9 * pg_temp.u(id, 7))::int),
       $8::text
     FROM generate_series($1::int, $2::int) g, LATERAL (SELECT COALESCE($10::text, md5($9::text || ':' || g)::uuid::text) AS id) i`,
    [
      b.from,
      b.to,
      b.startSecondsAgo ?? null,
      b.stepSeconds ?? null,
      typeof b.owner === 'string' ? b.owner : null,
      WORDS,
      b.pairs ?? null,
      b.salt,
      b.key,
      b.key === 'scale:long' ? LONG_CHAT_ID : null,
      people.first,
      people.count,
    ],
  );
  // a chat with more than 6 turns has a running summary through its third-newest answer (lib/chat/summaries.ts)
  await client.query(
    `INSERT INTO chat (id, "userId", title, model, status, summary, "summaryThroughId", "lastMessageAt", "createdAt", "updatedAt")
     SELECT id, user_id, title, model, status,
       CASE WHEN pairs > 6 THEN substr($1::text, 1 + floor(pg_temp.u(id, 8) * 4000)::int, 900) END,
       CASE WHEN pairs > 6 THEN md5(salt || id || ':' || (pairs - 3) || 'a')::uuid::text END,
       created_at + step * pairs, created_at, created_at + step * pairs
     FROM seed_chat ON CONFLICT (id) DO NOTHING`,
    [CORPUS],
  );
  // A realistic mix of lengths: most questions short, a few pasted texts; answers of a few
  // hundred to several thousand characters. 94% of answers complete, 3% stopped, 1% truncated
  // (after the four continuations), 2% failed (empty, refunded).
  await client.query(
    `WITH turn AS (
       SELECT c.id AS chat, c.salt, c.model, k, c.created_at + c.step * (k - 1) AS at, c.id || ':' || k AS key
       FROM seed_chat c, generate_series(1, c.pairs) k
     ), shaped AS (
       SELECT t.*,
         CASE WHEN pg_temp.u(key, 1) < 0.7 THEN 20 + 180 * pg_temp.u(key, 2)
              WHEN pg_temp.u(key, 1) < 0.95 THEN 200 + 800 * pg_temp.u(key, 2)
              ELSE 1000 + 5000 * pg_temp.u(key, 2) END::int AS qlen,
         CASE WHEN pg_temp.u(key, 3) < 0.2 THEN 100 + 400 * pg_temp.u(key, 4)
              WHEN pg_temp.u(key, 3) < 0.8 THEN 500 + 2000 * pg_temp.u(key, 4)
              ELSE 2500 + 5500 * pg_temp.u(key, 4) END::int AS alen,
         CASE WHEN pg_temp.u(key, 5) < 0.94 THEN 'complete' WHEN pg_temp.u(key, 5) < 0.97 THEN 'stopped'
              WHEN pg_temp.u(key, 5) < 0.98 THEN 'truncated' ELSE 'error' END AS status,
         600 + 250 * least(k, 12) AS input,
         md5(salt || chat || ':' || k || 'q')::uuid::text AS qid,
         md5(salt || chat || ':' || (k - 1) || 'q')::uuid::text AS prev_qid,
         md5(salt || chat || ':' || (k - 1) || 'a')::uuid::text AS prev_aid
       FROM turn t
     ), answer AS (
       SELECT s.*, CASE WHEN status = 'error' THEN 0 ELSE alen / 4 END AS output FROM shaped s
     )
     INSERT INTO message (id, "chatId", role, kind, text, status, model, "finishReason", continuations, "turnId",
                          "inputTokens", "outputTokens", "costMicros", error, meta, "createdAt", "updatedAt"${tree ? ', "parentId"' : ''})
     SELECT md5(a.salt || a.chat || ':' || a.k || side)::uuid::text, a.chat,
       CASE side WHEN 'q' THEN 'user' ELSE 'assistant' END, 'text',
       CASE WHEN side = 'q' THEN CASE WHEN pg_temp.u(key, 6) < 0.02 THEN 'Can you check the ${SEARCH_WORD} ' ELSE '' END
                                 || substr($1::text, 1 + floor(pg_temp.u(key, 7) * 8000)::int, qlen)
            WHEN status = 'error' THEN '' ELSE substr($1::text, 1 + floor(pg_temp.u(key, 8) * 8000)::int, alen) END,
       CASE side WHEN 'q' THEN 'complete' ELSE status END,
       CASE side WHEN 'a' THEN model END,
       CASE WHEN side = 'a' THEN CASE status WHEN 'complete' THEN 'stop' WHEN 'truncated' THEN 'length' END END,
       CASE WHEN side = 'a' AND status = 'truncated' THEN 4 ELSE 0 END,
       CASE side WHEN 'a' THEN md5('turn' || a.salt || key)::uuid::text END,
       CASE side WHEN 'a' THEN input ELSE 0 END, CASE side WHEN 'a' THEN output ELSE 0 END,
       CASE side WHEN 'a' THEN input + 4 * output ELSE 0 END,
       CASE WHEN side = 'a' AND status = 'error' THEN 'The model provider did not answer (502 Bad Gateway).' END,
       CASE side WHEN 'a' THEN jsonb_build_object('context', jsonb_build_object(
         'model', model, 'inputTokens', input, 'costMicros', input,
         'parts', jsonb_build_array(
           jsonb_build_object('part', 'system', 'tokens', 420, 'costMicros', 420),
           jsonb_build_object('part', 'window', 'tokens', input - 420 - qlen / 4, 'costMicros', input - 420 - qlen / 4),
           jsonb_build_object('part', 'current', 'tokens', qlen / 4, 'costMicros', qlen / 4)),
         'slots', '[]'::jsonb, 'summary', NULL,
         'window', CASE WHEN k > 1 THEN jsonb_build_array(jsonb_build_object('id', prev_qid, 'role', 'user', 'tokens', 60),
                                                         jsonb_build_object('id', prev_aid, 'role', 'assistant', 'tokens', 400))
                   ELSE '[]'::jsonb END,
         'recalled', '[]'::jsonb, 'omitted', greatest(0, 2 * k - 4))) END,
       CASE side WHEN 'q' THEN at ELSE at + interval '1 millisecond' END,
       CASE side WHEN 'q' THEN at ELSE at + interval '1 second' * (2 + alen / 80) END
       ${tree ? ", CASE WHEN side = 'a' THEN qid WHEN k > 1 THEN prev_aid END" : ''}
     FROM answer a, (VALUES ('q'), ('a')) v(side)`,
    [CORPUS],
  );
  // one ledger entry per answer with its one settled (or refunded) call; answers the
  // benchmark itself sent have theirs already (their turnId)
  await client.query(
    `WITH entry AS (
       INSERT INTO ledger_entry (id, "userId", "turnId", "chatId", "messageId", status, "reservedMicros", "chargedMicros", "createdAt", "updatedAt")
       SELECT md5('entry' || m.id)::uuid::text, c.user_id, m."turnId", m."chatId", m.id,
              CASE WHEN m.status = 'error' THEN 'refunded' ELSE 'settled' END,
              m."inputTokens" + 4 * 4096, m."costMicros", m."createdAt" - interval '1 millisecond', m."updatedAt"
       FROM message m JOIN seed_chat c ON c.id = m."chatId"
       WHERE m.role = 'assistant' AND m."turnId" IS NOT NULL
       ON CONFLICT ("turnId") DO NOTHING
       RETURNING id, "messageId", "reservedMicros", "createdAt", "updatedAt"
     )
     INSERT INTO model_call (id, "entryId", seq, model, purpose, status, "reservedMicros", "inputTokens", "outputTokens",
                             "costMicros", "finishReason", error, "createdAt", "settledAt")
     SELECT md5('call' || e.id)::uuid::text, e.id, 0, m.model, 'answer',
            CASE WHEN m.status = 'error' THEN 'refunded' ELSE 'charged' END, e."reservedMicros",
            m."inputTokens", m."outputTokens", m."costMicros", m."finishReason", m.error, e."createdAt", e."updatedAt"
     FROM entry e JOIN message m ON m.id = e."messageId"`,
  );
}

/** Finished eight-section reports, as the pipeline leaves them (job done, sections written, a draft version each). */
async function seedDocuments(client: pg.Client, personId: string, key: string, count: number) {
  await client.query(
    `WITH doc AS (
       INSERT INTO document (id, "ownerId", request, title, type, model, "sectionCount", "createdAt", "updatedAt")
       SELECT md5($3::text || ':' || n)::uuid::text, $1::text, 'Write a report on ' || w, 'Report on ' || w, 'report', 'sim-sage', 8, at, at
       FROM generate_series(1, $2::int) n,
         LATERAL (SELECT ($4::text[])[1 + floor(pg_temp.u($3::text || n, 1) * array_length($4::text[], 1))::int] AS w,
                         date_trunc('milliseconds', now() AT TIME ZONE 'UTC' - interval '1 second' * 365 * ${DAY} * pg_temp.u($3::text || n, 2)) AS at) x
       RETURNING id, "createdAt"
     ), job AS (
       INSERT INTO document_job (id, "documentId", status, step, "budgetMicros", "spentMicros", "sectionsDone", "finishedAt", "createdAt", "updatedAt")
       SELECT md5('job' || id)::uuid::text, id, 'done', 'done', 2000000, 350000, 8, "createdAt" + interval '6 minutes', "createdAt", "createdAt" + interval '6 minutes'
       FROM doc
     ), sec AS (
       INSERT INTO section (id, "documentId", position, title, brief, status, version, body, summary, "researchedRound", "createdAt", "updatedAt")
       SELECT md5('section' || d.id || p)::uuid::text, d.id, p, 'Section ' || p, 'What part ' || p || ' covers', 'written', 1,
              substr($5::text, 1 + p * 700, 2500), substr($5::text, 1 + p * 300, 300), 2, d."createdAt", d."createdAt" + interval '5 minutes'
       FROM doc d, generate_series(1, 8) p
       RETURNING id, body, "updatedAt"
     )
     INSERT INTO section_version (id, "sectionId", version, kind, body, "createdAt")
     SELECT md5('version' || id)::uuid::text, id, 1, 'draft', body, "updatedAt" FROM sec`,
    [personId, count, key, WORDS, CORPUS],
  );
}

function uuidOf(key: string): string {
  // md5(key)::uuid, as the SQL above names rows
  const hex = createHash('md5').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const WORDS = `account address answer apply budget build cache calendar change check client config contract cost customer data
deadline delivery deploy design device draft email error estimate export feature field file forecast garden guide holiday
import install issue kitchen language launch letter license limit list market meeting memory migration model
network office order page payment phone plan policy price printer project proposal query receipt recipe refund release
report request review router salary schedule school server service shipping sprint storage summary supplier support
survey table team template ticket timeline travel update upgrade vendor version warehouse website window workshop`.split(/\s+/);

/**
 * 16 KB of English-like prose from the words above (a fixed generator, so both databases
 * hold the same text); message texts are slices of it. Short enough that substr's walk to
 * its offset stays cheap, long enough that messages differ. It never holds SEARCH_WORD.
 */
const CORPUS = (() => {
  const glue = [
    'the',
    'a',
    'to',
    'of',
    'and',
    'for',
    'with',
    'on',
    'is',
    'we',
    'it',
    'this',
    'that',
    'your',
    'can',
    'should',
    'will',
    'by',
  ];
  let state = 7;
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
  const sentences: string[] = [];
  let length = 0;
  while (length < 16_500) {
    const words = Array.from({ length: 6 + next(14) }, (_, i) => (i % 2 ? glue[next(glue.length)]! : WORDS[next(WORDS.length)]!));
    const sentence = `${words[0]!.charAt(0).toUpperCase()}${words.join(' ').slice(1)}${next(8) === 0 ? '?' : '.'}`;
    sentences.push(next(6) === 0 ? `${sentence}\n\n` : `${sentence} `);
    length += sentence.length + 1;
  }
  return sentences.join('');
})();
