import { appInstance, setAppInstance } from '@/lib/app-instance';
import { config, type AppConfig } from '@/lib/config';
import { createAuth, type Auth } from '@/lib/auth/auth';
import { SessionCache } from '@/lib/auth/session-cache';
import { createMailer, type Mailer } from '@/lib/mail/mailer';
import type { Database, Db } from '@/lib/db/client';
import { sharedDatabase } from '@/lib/db/shared';
import type { ModelCatalog } from '@/lib/llm/catalog';
import { modelsFromConfig } from '@/lib/llm/model-endpoints';
import type { ModelProvider } from '@/lib/llm/provider';
import { createStopBus, type StopBus } from '@/lib/chat/turn/stop-bus';
import type { TurnDeps } from '@/lib/chat/turn/types';
import { documentChatTools } from '@/lib/documents/chat-tools';
import { pipelineDepsFromApp } from '@/lib/documents/pipeline-deps';
import { logToStdout } from '@/lib/log';
import { createAdmission } from '@/lib/chat/turn/admission';

/** The composition root: what route handlers and the worker need, built once per process. */
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
  turnDeps: TurnDeps;
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
  const { catalog, provider } = modelsFromConfig(cfg, logToStdout);
  const stopBus = createStopBus(db);
  const turnDeps: TurnDeps = {
    db: db.prisma,
    provider,
    catalog,
    stopBus,
    wallClockMs: cfg.turnWallClockMs,
    log: logToStdout,
    admission: createAdmission(TURNS_PREPARED_AT_ONCE),
    // the chat offers the document tools without importing the documents domain: they are wired here
    extraTools: [documentChatTools(pipelineDepsFromApp({ db: db.prisma, provider, catalog, config: cfg }))],
  };
  const sessions = new SessionCache();
  const mailer = createMailer({ smtpUrl: cfg.smtpUrl, from: cfg.mailFrom, log: logToStdout });
  const auth = createAuth(db.prisma, cfg, { sessions, mailer, log: logToStdout });
  return { config: cfg, database: db, db: db.prisma, auth, sessions, mailer, catalog, provider, stopBus, turnDeps };
}
