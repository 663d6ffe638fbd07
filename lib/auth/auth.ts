import { betterAuth } from 'better-auth';
import { prismaAdapter } from 'better-auth/adapters/prisma';
import { APIError, createAuthMiddleware, getOAuthState, getSessionFromCtx } from 'better-auth/api';
import type { AppConfig } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { openWallet } from '@/lib/billing/wallet';
import { emailChangeMail, passwordMail } from '@/lib/mail/link-mail';
import type { LogLine, Mailer } from '@/lib/mail/mailer';
import { resolveAuthSecret } from '@/lib/deployment-secret';
import { ACCOUNT_DEACTIVATED_MESSAGE, isDeactivated } from './deactivation';
import type { SessionCache } from './session-cache';
import { admitSignUp, SignUpRefused } from './sign-up-gate';
import { EMAIL_CHANGE_LINK_SECONDS, MIN_PASSWORD_LENGTH, PASSWORD_LINK_SECONDS } from './password-rules';
import { grantStaffIfListed, isStaffListed } from './staff-role';
import { singleSignOn } from './single-sign-on';
import { minuteWindowLimiter } from './minute-window-limiter';

/**
 * What the HTTP edge established about a request, handed in by the composition
 * root so auth does not read proxy headers itself.
 */
export interface RequestFacts {
  /** the origin a mailed link may point at; undefined when nothing vouches for one */
  linkOrigin(request: Request): string | undefined;
  /** the origins a page of this app may have (APP_URL and the address this request reached) */
  ownOrigins(request: Request): string[];
  /** the header the server overwrites with the real client address on every request */
  clientAddressHeader: string;
}

/** An account's address and whether it was proven (single sign-on's verified address, a mailed link followed). */
export interface AccountAddress {
  id: string;
  email: string;
  emailVerified: boolean;
}

export interface AuthDeps {
  sessions: SessionCache;
  mailer: Mailer;
  log: LogLine;
  requests: RequestFacts;
  /** what other domains do once an account exists (documents shared with its address before it did, if the address is verified) */
  onAccountCreated?: (user: AccountAddress) => Promise<unknown>;
  /** the same, once an account moved to an address it proved it holds, or proved its own by a mailed password link */
  onEmailProved?: (user: AccountAddress) => Promise<unknown>;
}

/** where the mailed email-change link lands; better-auth adds `&error=CODE` when the link cannot be used */
export const EMAIL_CHANGED_PAGE = '/settings/account?email=changed';

/** better-auth routes after which a person's other sessions may have ended. */
const SESSION_ENDING_PATHS = new Set(['/change-password', '/revoke-sessions', '/revoke-other-sessions', '/revoke-session', '/delete-user']);

export function createAuth(db: Db, cfg: AppConfig, deps: AuthDeps) {
  /** SIGNUP=open|invite|closed, as better-auth's 403 `{code, message}` */
  async function admit(body: { invite?: unknown; email?: unknown } | undefined) {
    try {
      const email = typeof body?.email === 'string' ? body.email : '';
      return await admitSignUp(db, cfg.signup, { inviteToken: body?.invite, email, staffListed: isStaffListed(cfg.staffEmails, email) });
    } catch (error) {
      if (error instanceof SignUpRefused) throw APIError.from('FORBIDDEN', { code: error.code, message: error.message });
      throw error;
    }
  }

  /**
   * The one-time link that sets a password, for "Forgot your password?" and for
   * a staff-listed address that signed up (`confirm`). It points at APP_URL or
   * at an address the server vouched for, never at a Host header a stranger
   * wrote (lib/http/forwarded.ts); with neither, no mail goes out.
   */
  function mailPasswordLink(user: { email: string; emailVerified: boolean }, token: string, request: Request | undefined) {
    const origin = request ? deps.requests.linkOrigin(request) : cfg.appUrl;
    if (!origin) {
      deps.log({ event: 'mail_refused', kind: 'password_link', to: user.email, reason: 'no APP_URL and no vouched address' });
      return;
    }
    const purpose = !user.emailVerified && isStaffListed(cfg.staffEmails, user.email) ? 'confirm' : 'reset';
    deps.mailer.post(passwordMail(user.email, `${origin}/set-password?token=${encodeURIComponent(token)}`, purpose));
  }

  /**
   * The link that moves an account to a new address, mailed to that address:
   * the account changes only when someone who reads that mailbox follows it.
   * Built here rather than taken from better-auth for the same reason as the
   * password link (its origin), and it always lands on the account page.
   */
  function mailEmailChangeLink(newEmail: string, token: string, request: Request | undefined) {
    const origin = request ? deps.requests.linkOrigin(request) : cfg.appUrl;
    if (!origin) {
      deps.log({ event: 'mail_refused', kind: 'email_change_link', to: newEmail, reason: 'no APP_URL and no vouched address' });
      return;
    }
    const link = `${origin}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(EMAIL_CHANGED_PAGE)}`;
    deps.mailer.post(emailChangeMail(newEmail, link));
  }

  /** Another account uses the address: a refusal in words, before any link is mailed (or, late, before the address is taken over). */
  async function assertAddressFree(email: string, ownUserId: string | undefined) {
    const holder = await db.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
    if (!holder) return;
    if (holder.id === ownUserId) throw APIError.from('BAD_REQUEST', { code: 'EMAIL_UNCHANGED', message: 'This is already your address.' });
    throw APIError.from('BAD_REQUEST', { code: 'EMAIL_TAKEN', message: 'Another account uses this address.' });
  }

  /**
   * What a new account brings to the sign-up gate: the sign-up form's body, or,
   * through single sign-on, the address the provider gave and the invite the
   * sign-up page started the flow with (carried in better-auth's OAuth state).
   */
  async function signUpAttempt(ctx: { path?: string; body?: unknown } | null | undefined, email: string) {
    if (ctx?.path !== '/callback/:id') return (ctx?.body as { invite?: unknown; email?: unknown } | undefined) ?? { email };
    const state = (await getOAuthState()) as { invite?: unknown } | null;
    return { email, invite: state?.invite };
  }

  const sso = cfg.oidc
    ? singleSignOn(cfg.oidc, {
        db,
        staffEmails: cfg.staffEmails,
        log: deps.log,
        forgetSessions: (userId) => deps.sessions.forgetUser(userId),
      })
    : undefined;

  const auth = betterAuth({
    database: prismaAdapter(db, { provider: 'postgresql' }),
    secret: resolveAuthSecret(cfg.authSecret, cfg.dataDir),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: PASSWORD_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }, request) => mailPasswordLink(user, token, request),
      // A password chosen from a mailed link proves the mailbox: the address is
      // verified, and a staff-listed one becomes staff. Every earlier session is
      // gone (revokeSessionsOnPasswordReset) and no cached one outlives it.
      onPasswordReset: async ({ user }) => {
        await db.user.updateMany({ where: { id: user.id, emailVerified: false }, data: { emailVerified: true } });
        const granted = await grantStaffIfListed(db, cfg.staffEmails, user);
        await deps.onEmailProved?.({ id: user.id, email: user.email, emailVerified: true });
        deps.sessions.forgetUser(user.id);
        deps.log({ event: 'password_set', userId: user.id });
        if (granted) deps.log({ event: 'staff_granted', userId: user.id, email: user.email });
      },
    },
    // The link goes to the NEW address; the old one is not asked (a person who lost it can still move).
    // Verification mail serves only this: a plain address check is the password link (see above).
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: false,
      expiresIn: EMAIL_CHANGE_LINK_SECONDS,
      sendVerificationEmail: async ({ user, token }, request) => mailEmailChangeLink(user.email, token, request),
    },
    user: {
      changeEmail: { enabled: true },
      // single sign-on's address rules (lib/auth/single-sign-on.ts); other ways in pass untouched
      validateUserInfo: sso?.validateUserInfo,
      additionalFields: {
        role: { type: 'string', defaultValue: 'user', input: false },
        locale: { type: 'string', required: false, input: true },
        inviteId: { type: 'string', required: false, input: false, returned: false },
      },
    },
    plugins: sso?.plugins ?? [],
    account: {
      accountLinking: {
        enabled: true,
        // A sign-in through the provider joins an existing account with the same
        // address only when the provider says the address is verified (no provider
        // is trusted without it) and the account's own address was proven here
        // (the mailed password link): a password account a stranger opened with
        // someone's address is never handed that person's sign-in, nor the reverse.
        trustedProviders: [],
        requireLocalEmailVerified: true,
      },
    },
    // a failed single sign-on (a used or forged state, an issuer that does not match) lands on the sign-in page, which says why
    onAPIError: { errorURL: '/sign-in' },
    // APP_URL when set (links in mail point there); else each request's own address.
    baseURL: cfg.appUrl,
    // The app is served from whatever address the person reaches it by (localhost,
    // 127.0.0.1, a LAN name, a proxied domain): the origin the server established
    // for this request (see lib/http/forwarded.ts) and APP_URL are trusted.
    trustedOrigins: (request) => (request ? deps.requests.ownOrigins(request) : cfg.appUrl ? [cfg.appUrl] : []),
    // Secure is added per request when the public URL is https (handleAuthRequest)
    advanced: { useSecureCookies: false, ipAddress: { ipAddressHeaders: [deps.requests.clientAddressHeader] } },
    // per real client address (the server overwrites that header on every request):
    // generous for people behind one office NAT, still a brake on guessing; counted in windows of a minute
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      customStorage: minuteWindowLimiter(),
      customRules: {
        '/sign-up/email': { window: 60, max: 30 },
        '/sign-in/email': { window: 60, max: 30 },
        // each starts a redirect to the single sign-on provider (better-auth's default, 3 in 10 s, is for guessing passwords)
        '/sign-in/social': { window: 60, max: 30 },
        '/request-password-reset': { window: 60, max: 5 },
        '/reset-password': { window: 60, max: 10 },
        // each asks for a mail to an address of the caller's choosing, and says whether an account uses it
        '/change-email': { window: 60, max: 5 },
        // each checks a guess at the current password
        '/change-password': { window: 60, max: 10 },
      },
    },
    telemetry: { enabled: false },
    // Refuse early, before the email lookup, so a closed or invite-only server
    // does not tell strangers which addresses have accounts.
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') await admit(ctx.body);
        // verification mail is for moving an account only: an address counts as verified through the password link
        if (ctx.path === '/send-verification-email') throw APIError.fromStatus('NOT_FOUND');
        if (ctx.path === '/change-email' && typeof ctx.body?.newEmail === 'string') {
          const session = await getSessionFromCtx(ctx);
          if (session) {
            // a session alone (a laptop left open, a stolen cookie) may not move the account to another mailbox
            const password = typeof ctx.body.password === 'string' ? ctx.body.password : '';
            if (!password)
              throw APIError.from('BAD_REQUEST', {
                code: 'PASSWORD_REQUIRED',
                message: 'Give your current password to change your address.',
              });
            await auth.api.verifyPassword({ body: { password }, headers: ctx.headers ?? new Headers() });
            await assertAddressFree(ctx.body.newEmail, session.user.id);
          }
        }
      }),
      // Staff rights are never the sign-up's: a listed address is mailed a link
      // that sets its password, and only a password set from the mailbox counts.
      after: createAuthMiddleware(async (ctx) => {
        // a changed password or revoked sessions end the cached sessions at once in this process, not 30 s later
        if (SESSION_ENDING_PATHS.has(ctx.path) && ctx.context.session?.user.id) deps.sessions.forgetUser(ctx.context.session.user.id);
        const created = ctx.path === '/sign-up/email' ? ctx.context.newSession?.user : undefined;
        if (created && isStaffListed(cfg.staffEmails, created.email))
          await auth.api.requestPasswordReset({ body: { email: created.email }, request: ctx.request });
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // a deactivated account gets no session, whichever way it signs in
          before: async (session) => {
            if (await isDeactivated(db, session.userId))
              throw APIError.from('FORBIDDEN', { code: 'ACCOUNT_DEACTIVATED', message: ACCOUNT_DEACTIVATED_MESSAGE });
          },
        },
      },
      user: {
        update: {
          // someone signed up with the address between the mail and the click: refused in words, not a unique-key 500
          before: async (data, ctx) => {
            if (typeof data.email !== 'string' || ctx?.path !== '/verify-email') return;
            try {
              await assertAddressFree(data.email, undefined);
            } catch (error) {
              const callbackURL = typeof ctx.query?.callbackURL === 'string' ? ctx.query.callbackURL : null;
              if (error instanceof APIError && callbackURL)
                throw ctx.redirect(`${callbackURL}${callbackURL.includes('?') ? '&' : '?'}error=${error.body?.code}`);
              throw error;
            }
          },
          // a changed address or name is seen at once, not when the cached sessions expire
          after: async (user, ctx) => {
            deps.sessions.forgetUser(user.id);
            if (ctx?.path === '/verify-email') {
              deps.log({ event: 'email_changed', userId: user.id });
              await deps.onEmailProved?.({ id: user.id, email: user.email, emailVerified: true });
            }
          },
        },
        create: {
          // The gate again, at the write itself: this is the check no code path
          // around the endpoint can skip. The invite is recorded on the account
          // row (unique), so it makes exactly one account. Nobody is staff yet.
          before: async (user, ctx) => {
            const { inviteId } = await admit(await signUpAttempt(ctx, user.email));
            return { data: { ...user, role: 'user', ...(inviteId ? { inviteId } : {}) } };
          },
          after: async (user) => {
            await openWallet(db, user.id, cfg.startingCredits);
            await deps.onAccountCreated?.(user);
          },
        },
      },
    },
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
