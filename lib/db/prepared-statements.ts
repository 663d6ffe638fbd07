import { createHash } from 'node:crypto';

/** A statement sent this many times gets a name; rarer ones stay unnamed (parsed and planned each time). */
const NAMED_AFTER_USES = 3;
/** At most this many named statements per connection: each holds a plan in PostgreSQL's memory. */
const MAX_NAMED_STATEMENTS = 128;
/** Statement texts counted towards a name; past this, new texts are no longer counted. */
const MAX_COUNTED_TEXTS = 2048;

/**
 * Names for the statements Quire sends again and again, for PostgreSQL's driver.
 * An unnamed statement is parsed and planned on every execution: for the chat
 * turn's few statements (CTEs over several tables) that was more of the
 * database's time than running them — about 2 ms of a message's 3 ms. A named
 * one is parsed once per connection, and PostgreSQL reuses its plan once a
 * generic plan is as good. Statements are named only once they have been sent a
 * few times, and only so many, since each connection keeps every statement it
 * prepared for as long as it lives. The name is the text's hash: one text, one
 * name, on every connection.
 *
 * Returns '' for "unnamed" (the driver reads an empty name as none).
 */
export function hotStatementNames(
  limits: { namedAfterUses?: number; maxNamed?: number; maxCounted?: number } = {},
): (query: { sql: string }) => string {
  const namedAfter = limits.namedAfterUses ?? NAMED_AFTER_USES;
  const maxNamed = limits.maxNamed ?? MAX_NAMED_STATEMENTS;
  const maxCounted = limits.maxCounted ?? MAX_COUNTED_TEXTS;
  const uses = new Map<string, number>();
  const names = new Map<string, string>();
  return ({ sql }) => {
    const name = names.get(sql);
    if (name !== undefined) return name;
    const count = (uses.get(sql) ?? 0) + 1;
    if (count < namedAfter || names.size >= maxNamed) {
      if (uses.has(sql) || uses.size < maxCounted) uses.set(sql, count);
      return '';
    }
    uses.delete(sql);
    const named = `q_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`;
    names.set(sql, named);
    return named;
  };
}
