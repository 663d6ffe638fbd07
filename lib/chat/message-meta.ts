/** What a message's `meta` column may hold. */
export interface MessageMeta {
  /** tools the model called while writing the answer */
  tools?: Array<{ name: string; input: Record<string, unknown> }>;
  /** a system-posted event (document Started/Updated/Done) and its numbers */
  event?: string;
  [key: string]: unknown;
}
