import type { BetterAuthPlugin, ValidateUserInfoResult, ValidateUserInfoSource } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { OidcConfig } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import type { LogLine } from '@/lib/mail/mailer';
import { grantStaffFromGroup, grantStaffIfListed } from './staff-role';

/**
 * Single sign-on through one OpenID Connect provider (Keycloak, Okta, Authentik,
 * Entra, Google Workspace…), by better-auth's generic OAuth plugin: discovery,
 * PKCE, state and a nonce bound into the signed ID token, all better-auth's.
 * What is Quire's is here: which addresses may come in, who is staff, and the
 * issuer the operator named being the one that answers.
 */

/** better-auth's id for the provider; it names the callback path. */
export const SSO_PROVIDER_ID = 'oidc';
/** Where the provider sends the browser back: the redirect URI to register with it, after the public address. */
export const SSO_CALLBACK_PATH = `/api/auth/callback/${SSO_PROVIDER_ID}`;

/** Quire's own refusals of a single sign-on, as `?error=CODE` on the sign-in page or a JSON `code`. */
export const SSO_REFUSALS = {
  SSO_DOMAIN_NOT_ALLOWED: 'This address is not in a domain this server accepts (OIDC_ALLOWED_DOMAINS).',
  SSO_ISSUER_MISMATCH: 'The sign-in provider answered as another issuer than OIDC_ISSUER names; sign-in through it is refused.',
  SSO_UNAVAILABLE: 'The sign-in provider could not be reached. Try again in a moment.',
  SSO_ID_TOKEN_REFUSED: "Sign in through the provider's own page.",
} as const;

/** What the sign-in and sign-up pages show: the button and its name, when a provider is configured. */
export const ssoOfferOf = (oidc: OidcConfig | undefined) => (oidc ? { name: oidc.name } : undefined);

/** The `?error=` a failed single sign-on left on the sign-in page: a code, never free text from the address bar. */
export const ssoErrorCodeOf = (value: unknown) => (typeof value === 'string' && /^[A-Za-z_]{1,64}$/.test(value) ? value : null);

export interface SingleSignOnDeps {
  db: Db;
  staffEmails: readonly string[];
  log: LogLine;
  /** the person's cached sessions are re-read (a new role is seen at once) */
  forgetSessions(userId: string): void;
}

/** Whether `email` is in one of the allowed domains (none listed: every domain). */
export function emailDomainAllowed(allowedDomains: readonly string[], email: string): boolean {
  if (allowedDomains.length === 0) return true;
  const at = email.lastIndexOf('@');
  return (
    at > 0 &&
    allowedDomains.includes(
      email
        .slice(at + 1)
        .trim()
        .toLowerCase(),
    )
  );
}

/**
 * Whether the provider's `groups` claim names the staff group. Keycloak writes
 * full paths ("/quire-staff") unless told not to; either spelling counts.
 */
export function inStaffGroup(profile: Record<string, unknown> | undefined, staffGroup: string | undefined): boolean {
  if (!staffGroup || !profile) return false;
  const groups = typeof profile.groups === 'string' ? [profile.groups] : Array.isArray(profile.groups) ? profile.groups : [];
  const wanted = staffGroup.replace(/^\//, '');
  return groups.some((group) => typeof group === 'string' && group.replace(/^\//, '') === wanted);
}

const sameIssuer = (a: string | undefined, b: string) => a !== undefined && a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

const isOurs = (source: ValidateUserInfoSource) => source.method === 'oauth' && source.oauth?.providerId === SSO_PROVIDER_ID;

export function singleSignOn(oidc: OidcConfig, deps: SingleSignOnDeps) {
  /**
   * The provider's profile of the person signing in, per request: better-auth
   * shows it to `validateUserInfo` and not to the hook after the callback, where
   * the account is known. Keyed by the request's auth context, one object for
   * the whole request.
   */
  const profiles = new WeakMap<object, Record<string, unknown>>();

  /** For every sign-up, link and returning sign-in through the provider, with the provider's fresh address. */
  function validateUserInfo(
    data: { user: { email?: unknown }; source: ValidateUserInfoSource },
    ctx: { context: object },
  ): ValidateUserInfoResult | undefined {
    if (!isOurs(data.source)) return undefined;
    const email = typeof data.user.email === 'string' ? data.user.email : '';
    if (!emailDomainAllowed(oidc.allowedDomains, email)) {
      deps.log({ event: 'sso_refused', reason: 'domain', email });
      return { error: 'SSO_DOMAIN_NOT_ALLOWED', errorDescription: SSO_REFUSALS.SSO_DOMAIN_NOT_ALLOWED };
    }
    if (data.source.oauth?.profile) profiles.set(ctx.context, data.source.oauth.profile);
    return undefined;
  }

  const quireRules = {
    id: 'quire-single-sign-on',
    hooks: {
      // after generic-oauth's own hook, which retries a discovery that failed at start-up
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/social' && ctx.body?.provider === SSO_PROVIDER_ID,
          handler: createAuthMiddleware(async (ctx) => {
            // an ID token posted by a page would skip the state and the nonce of the redirect
            if (ctx.body?.idToken)
              throw APIError.from('FORBIDDEN', { code: 'SSO_ID_TOKEN_REFUSED', message: SSO_REFUSALS.SSO_ID_TOKEN_REFUSED });
            const provider = (await ctx.context.socialProviders).find((p) => p.id === SSO_PROVIDER_ID);
            if (!provider) throw APIError.from('SERVICE_UNAVAILABLE', { code: 'SSO_UNAVAILABLE', message: SSO_REFUSALS.SSO_UNAVAILABLE });
            // OpenID Connect Discovery 4.3: the document at ISSUER/.well-known/… names that same issuer, or it is not to be used
            if (!sameIssuer(provider.issuer, oidc.issuer)) {
              deps.log({ event: 'sso_refused', reason: 'issuer', expected: oidc.issuer, discovered: provider.issuer ?? null });
              throw APIError.from('BAD_GATEWAY', { code: 'SSO_ISSUER_MISMATCH', message: SSO_REFUSALS.SSO_ISSUER_MISMATCH });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/callback/:id' && ctx.params?.id === SSO_PROVIDER_ID,
          handler: createAuthMiddleware(async (ctx) => {
            const user = ctx.context.newSession?.user;
            if (!user) return;
            deps.log({ event: 'sso_signed_in', userId: user.id });
            const fromGroup =
              inStaffGroup(profiles.get(ctx.context), oidc.staffGroup) && (await grantStaffFromGroup(deps.db, user, oidc.staffGroup!));
            // the provider said the address is verified (the account row says so): the staff list counts
            const fromList = await grantStaffIfListed(deps.db, deps.staffEmails, user);
            if (fromGroup || fromList) {
              deps.forgetSessions(user.id);
              deps.log({ event: 'staff_granted', userId: user.id, email: user.email, by: fromGroup ? 'OIDC_STAFF_GROUP' : 'STAFF_EMAILS' });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  const provider = genericOAuth({
    config: [
      {
        providerId: SSO_PROVIDER_ID,
        name: oidc.name ?? 'single sign-on',
        discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
        // ID tokens are checked against the provider's published keys, or the provider is not used at all
        requireIdTokenVerification: true,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        scopes: ['openid', 'email', 'profile', ...oidc.extraScopes],
        pkce: true,
      },
    ],
  });

  return { plugins: [provider, quireRules], validateUserInfo };
}
