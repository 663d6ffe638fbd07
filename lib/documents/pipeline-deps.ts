import type { Db } from '@/lib/db/client';
import type { ModelCatalog } from '@/lib/llm/catalog';
import type { ModelProvider } from '@/lib/llm/provider';
import type { PublicSearchProvider } from './sources/public-search';
import { logToStdout } from '@/lib/log';
import { createLinkReader, type LinkReader } from './sources/read-link';
import { publicSearchFromConfig } from './sources/searxng-search';

/** What the document pipeline needs from the outside world, passed in so it runs without Next.js. */
export interface PipelineDeps {
  db: Db;
  provider: ModelProvider;
  catalog: ModelCatalog;
  /** the deployment's PUBLIC_SOURCES: a request can only narrow it */
  publicSources: boolean;
  /** null: no web-search provider configured (the default) */
  publicSearch: PublicSearchProvider | null;
  /** reads URL sources and search results (SSRF-checked, robots.txt, limits) */
  linkReader: LinkReader;
  /** the default output ceiling per call (LLM_MAX_OUTPUT_TOKENS) */
  maxOutputTokens: number;
  /** one JSON line per upstream request (docs/api.md "Logs") */
  log: (line: Record<string, unknown>) => void;
  /** RATE_LIMIT_PER_MINUTE: a document the chat's model starts counts like one started through the API */
  rateLimitPerMinute?: number;
}

/** The pipeline's dependencies from the composition root (route handlers, chat tools). */
export function pipelineDepsFromApp(app: {
  db: Db;
  provider: ModelProvider;
  catalog: ModelCatalog;
  config: {
    publicSources: boolean;
    llm: { maxOutputTokens: number };
    search: { provider?: 'searxng'; searxngUrl?: string };
    fetchAllowHosts: string[];
    rateLimitPerMinute?: number;
  };
}): PipelineDeps {
  return {
    db: app.db,
    provider: app.provider,
    catalog: app.catalog,
    publicSources: app.config.publicSources,
    publicSearch: publicSearchFromConfig(app.config.search),
    linkReader: processLinkReader(app.config.fetchAllowHosts),
    maxOutputTokens: app.config.llm.maxOutputTokens,
    log: logToStdout,
    rateLimitPerMinute: app.config.rateLimitPerMinute,
  };
}

let sharedReader: { key: string; reader: LinkReader } | undefined;

/** One reader per process, so its per-host politeness and robots.txt cache span every job it runs. */
export function processLinkReader(allowHosts: string[]): LinkReader {
  const key = allowHosts.join(',');
  if (sharedReader?.key !== key) sharedReader = { key, reader: createLinkReader({ allowHosts }) };
  return sharedReader.reader;
}
