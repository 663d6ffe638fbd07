import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider for the single sign-on tests: `oidc-provider`,
 * the certified implementation from npm, with its development login and consent
 * pages (any login names an account below; the password is not checked), its
 * in-memory store, one confidential client, and PKCE required as a careful
 * provider would have it.
 */

/** A person the provider knows, by the login typed on its page (their address). */
export interface ProviderAccount {
  email: string;
  email_verified: boolean;
  name?: string;
  groups?: string[];
}

export interface TestOidcProvider {
  /** where it listens: what OIDC_ISSUER names */
  url: string;
  /** what its discovery document and ID tokens say it is (another value than `url` to play a wrong issuer) */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** changes what an account's later sign-ins assert (e.g. a group taken away) */
  accounts: Map<string, ProviderAccount>;
  close(): Promise<void>;
}

export async function startOidcProvider(opts: {
  port?: number;
  /** the redirect URIs the client may use: Quire's callback at the addresses the test reaches it by */
  redirectUris: string[];
  accounts: ProviderAccount[];
  /** what the provider calls itself; by default the address it listens at */
  issuer?: string;
}): Promise<TestOidcProvider> {
  const accounts = new Map(opts.accounts.map((a) => [a.email, a]));
  const clientId = 'quire-test';
  const clientSecret = 'quire-test-client-secret-of-enough-length';
  // the port first (0: any free one), so the issuer can name it
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = opts.issuer ?? url;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        // better-auth's generic OAuth sends the secret in the form body by default
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      // Authentik and Keycloak (with a group mapper) put the groups beside the profile
      profile: ['name', 'groups'],
    },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...accounts.get(id) }) };
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-test-cookie-signing-key'] },
  });
  // its warnings about development-only settings are expected here
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider:', error));
  server.on('request', provider.callback());

  return {
    url,
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * A browser's walk through the provider, by HTTP: from the authorization URL
 * Quire sent the person to, through the login page (as `login`) and the consent
 * page, to the redirect back to Quire, which is returned unvisited. Cookies at
 * the provider are kept in `jar`, so a second walk with the same jar meets the
 * provider's remembered session, as a browser would.
 */
export async function walkProvider(authorizationUrl: string, login: string, jar: Map<string, string> = new Map()): Promise<string> {
  let next = authorizationUrl;
  let method = 'GET';
  let body: URLSearchParams | undefined;
  const origin = new URL(authorizationUrl).origin;
  for (let step = 0; step < 12; step++) {
    const response = await fetch(next, {
      method,
      body,
      redirect: 'manual',
      headers: {
        ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next);
      // back to the client: the test takes it from here
      if (target.origin !== origin) return target.href;
      next = target.href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const page = await response.text();
    if (!response.ok) throw new Error(`the provider answered ${response.status}: ${page.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`no login or consent form on the provider's page: ${page.slice(0, 500)}`);
    next = new URL(action.replaceAll('&amp;', '&'), next).href;
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('the provider never sent the browser back');
}
