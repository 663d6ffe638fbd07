import type { Db } from '@/lib/db/client';
import type { ModelCatalog } from '@/lib/llm/catalog';
import type { ModelProvider } from '@/lib/llm/provider';
import type { PublicSearchProvider } from '@/lib/web/public-search';
import type { LinkReader } from '@/lib/web/link-reader';
import { createLinkReader } from '../sources/read-link';

/** What the document pipeline needs from the outside world, passed in so it runs without Next.js. */
export interface PipelineDeps {
  db: Db;
  provider: ModelProvider;
  catalog: ModelCatalog;
  /** the deployment's PUBLIC_SOURCES: a request can only narrow it */
  publicSources: boolean;
  /** null: no web-search provider configured (the default) */
  publicSearch: PublicSearchProvider | null;
  /** FETCH_ALLOW_HOSTS: host:port a link may name although it is inside the network (the reader has the same list) */
  fetchAllowHosts?: string[];
  /** reads URL sources and search results (SSRF-checked, robots.txt, limits) */
  linkReader: LinkReader;
  /** the default output ceiling per call (LLM_MAX_OUTPUT_TOKENS) */
  maxOutputTokens: number;
  /** one JSON line per upstream request (docs/api.md "Logs") */
  log: (line: Record<string, unknown>) => void;
  /** RATE_LIMIT_PER_MINUTE: a document the chat's model starts counts like one started through the API */
  rateLimitPerMinute?: number;
  /** the crash-recovery suite's hook: its worker dies at named points (tests/support/crash-point.ts); absent in production */
  crashPoint?: (label: string) => void;
}

let sharedReader: { key: string; reader: LinkReader } | undefined;

/** One reader per process, so its per-host politeness and robots.txt cache span every job it runs. */
export function processLinkReader(allowHosts: string[]): LinkReader {
  const key = allowHosts.join(',');
  if (sharedReader?.key !== key) sharedReader = { key, reader: createLinkReader({ allowHosts }) };
  return sharedReader.reader;
}
