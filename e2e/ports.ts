/**
 * Every port the browser tests use, as offsets from E2E_PORT (the suite's own
 * server), in one place so that no two specs ever listen on the same one.
 */
const base = Number(process.env.E2E_PORT ?? 3210);

export const e2ePorts = {
  server: base,
  /** the SMTP sink the suite's server mails through (global setup) */
  smtpSink: base + 1,
  /** local web pages research may read (FETCH_ALLOW_HOSTS) */
  pages: base + 2,
  /** a page server at an address research must never reach */
  pagesTrap: base + 3,
  /** the SearXNG-compatible fake */
  searxng: base + 4,
  /** any-address: a server without proxy settings, one behind the proxy, and the proxy */
  plainServer: base + 5,
  proxiedServer: base + 6,
  proxy: base + 7,
  /** ops: a server to send SIGTERM to, one with a metrics port, and that port */
  shutdownServer: base + 8,
  metricsServer: base + 9,
  metrics: base + 10,
  /** long-chat: a server on PostgreSQL with a seeded 520-message chat */
  longChatServer: base + 11,
  /** several-machines: two servers on one PostgreSQL database, each with its own data directory, behind nginx */
  machineA: base + 12,
  machineB: base + 13,
  nginx: base + 14,
  /** connection-lost: a server the spec stops and starts again under the person's feet */
  flakyServer: base + 15,
  /** sso: a server with single sign-on, and the OpenID provider it signs in through */
  ssoServer: base + 16,
  ssoProvider: base + 17,
  /** sso: a provider that answers as another issuer than the one its server is configured for, and that server */
  ssoImpostor: base + 18,
  ssoImpostorServer: base + 19,
  /** mcp-tools: a server whose chat offers the tools of an MCP server (MCP_SERVERS) */
  mcpServer: base + 20,
  /** branches: a server whose model endpoint is a stand-in that records every request it receives */
  branchesServer: base + 21,
  /** side-by-side: a server with two stand-in models on one recording endpoint */
  sideBySideServer: base + 22,
};
