import { appInstance, setAppInstance } from '@/lib/app-instance';
import { config, type AppConfig } from '@/lib/config';
import { createAuth, type Auth, type RequestFacts } from '@/lib/auth/auth';
import { SessionCache } from '@/lib/auth/session-cache';
import { shareSessionForgets } from '@/lib/auth/shared-session-forgets';
import { createMailer, type Mailer } from '@/lib/mail/mailer';
import type { Database, Db } from '@/lib/db/client';
import { sharedDatabase } from '@/lib/db/shared';
import type { ModelCatalog } from '@/lib/llm/catalog';
import { modelsFromConfig } from '@/lib/llm/model-endpoints';
import type { ModelProvider } from '@/lib/llm/provider';
import { createStopBus, type StopBus } from '@/lib/chat/turn/stop-bus';
import type { TurnDeps } from '@/lib/chat/turn/types';
import { documentChatTools } from '@/lib/documents/chat-tools';
import { claimPendingShares } from '@/lib/documents/members';
import { processLinkReader, type PipelineDeps } from '@/lib/documents/pipeline/pipeline-deps';
import { publicSearchFromConfig } from '@/lib/web/searxng-search';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/forwarded';
import { linkOrigin, ownOrigins } from '@/lib/http/request-origin';
import { logToStdout } from '@/lib/log';
import { createAdmission } from '@/lib/chat/turn/admission';
import { webSearchTools } from '@/lib/chat/tools/web-search';
import { createMcpToolbox, type McpToolbox } from '@/lib/mcp/mcp-toolbox';

/**
 * The composition root: everything a web process's route handlers and pages
 * use, built once per process from the configuration. The document worker
 * (in the web process, and `npm run worker`) is wired by `buildPipeline`
 * below, the same function the App uses for its own pipeline.
 */
export interface App {
  config: AppConfig;
  database: Database;
  db: Db;
  auth: Auth;
  sessions: SessionCache;
  mailer: Mailer;
  catalog: ModelCatalog;
  provider: ModelProvider;
  stopBus: StopBus;
  /** tells the other web processes' session caches what this one forgot (PostgreSQL) */
  sessionBus: { close(): Promise<void> };
  turnDeps: TurnDeps;
  /** the document pipeline's dependencies (rewrites, the chat's document tools) */
  pipeline: PipelineDeps;
  /** the operator's MCP servers (MCP_SERVERS): started by the first turn that offers their tools, closed at shutdown */
  mcp: McpToolbox;
}

export function getApp(): Promise<App> {
  let app = appInstance();
  if (!app) {
    app = buildApp(config()).catch((error) => {
      setAppInstance(undefined);
      throw error;
    });
    setAppInstance(app);
  }
  return app;
}

/**
 * Turn preparations running at once: each holds one of the pool's ten database
 * connections at a time, and the rest stay free for the answers already streaming
 * (2, 3 and 8 measured no better in a burst of 20).
 */
const TURNS_PREPARED_AT_ONCE = 4;

export async function buildApp(cfg: AppConfig, database?: Database): Promise<App> {
  const db = database ?? (await sharedDatabase());
  const pipeline = buildPipeline(db.prisma, cfg);
  const { catalog, provider } = pipeline;
  const stopBus = createStopBus(db);
  const mcp = createMcpToolbox(cfg.mcpServers);
  const turnDeps: TurnDeps = {
    db: db.prisma,
    provider,
    catalog,
    stopBus,
    wallClockMs: cfg.turnWallClockMs,
    log: logToStdout,
    admission: createAdmission(TURNS_PREPARED_AT_ONCE),
    // the chat offers the document tools without importing the documents domain: they are wired here
    extraTools: [
      documentChatTools(pipeline),
      webSearchTools({
        db: db.prisma,
        publicSources: cfg.publicSources,
        search: pipeline.publicSearch,
        reader: pipeline.linkReader,
        log: logToStdout,
      }),
      () => mcp.tools(),
    ],
  };
  const sessions = new SessionCache();
  const sessionBus = shareSessionForgets(db, sessions);
  const mailer = createMailer({ smtpUrl: cfg.smtpUrl, from: cfg.mailFrom, log: logToStdout });
  const auth = createAuth(db.prisma, cfg, {
    sessions,
    mailer,
    log: logToStdout,
    requests: requestFacts(cfg),
    onAccountCreated: (user) => claimPendingShares(db.prisma, user),
    onEmailProved: (user) => claimPendingShares(db.prisma, user),
  });
  return {
    config: cfg,
    database: db,
    db: db.prisma,
    auth,
    sessions,
    mailer,
    catalog,
    provider,
    stopBus,
    sessionBus,
    turnDeps,
    pipeline,
    mcp,
  };
}

/**
 * The document pipeline's dependencies, and the one place the model catalog and
 * provider are built. Under `npm start` the server script's worker and Next's
 * route bundles are two module graphs in one process; each calls this once, and
 * they share nothing but the database (an object from one graph fails the other's
 * `instanceof` checks).
 */
export function buildPipeline(db: Db, cfg: AppConfig): PipelineDeps {
  const { catalog, provider } = modelsFromConfig(cfg, logToStdout);
  return {
    db,
    provider,
    catalog,
    publicSources: cfg.publicSources,
    publicSearch: publicSearchFromConfig(cfg.search),
    fetchAllowHosts: cfg.fetchAllowHosts,
    linkReader: processLinkReader(cfg.fetchAllowHosts),
    maxOutputTokens: cfg.llm.maxOutputTokens,
    log: logToStdout,
    rateLimitPerMinute: cfg.rateLimitPerMinute,
  };
}

/** What auth may know of a request: what the server script established (lib/http/forwarded.ts), read here for it. */
function requestFacts(cfg: AppConfig): RequestFacts {
  return {
    linkOrigin: (request) => linkOrigin(request, cfg.appUrl),
    ownOrigins: (request) => ownOrigins(request, cfg.appUrl),
    clientAddressHeader: CLIENT_ADDRESS_HEADER,
  };
}
