import { betterAuth } from 'better-auth';
import { prismaAdapter } from 'better-auth/adapters/prisma';
import type { AppConfig } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { openWallet } from '@/lib/billing/wallet';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/forwarded';
import { ownOrigins } from '@/lib/http/request-origin';
import { resolveAuthSecret } from './secret';

export function createAuth(db: Db, cfg: AppConfig) {
  return betterAuth({
    database: prismaAdapter(db, { provider: 'postgresql' }),
    secret: resolveAuthSecret(cfg.authSecret, cfg.dataDir),
    emailAndPassword: { enabled: true, minPasswordLength: 8, autoSignIn: true },
    user: {
      additionalFields: {
        role: { type: 'string', defaultValue: 'user', input: false },
        locale: { type: 'string', required: false, input: true },
      },
    },
    // APP_URL when set (links in mail point there); else each request's own address.
    baseURL: cfg.appUrl,
    // The app is served from whatever address the person reaches it by (localhost,
    // 127.0.0.1, a LAN name, a proxied domain): the origin the server established
    // for this request (see lib/http/forwarded.ts) and APP_URL are trusted.
    trustedOrigins: (request) => (request ? ownOrigins(request, cfg.appUrl) : cfg.appUrl ? [cfg.appUrl] : []),
    // Secure is added per request when the public URL is https (handleAuthRequest)
    advanced: { useSecureCookies: false, ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] } },
    // per real client address (the server overwrites CLIENT_ADDRESS_HEADER on every request):
    // generous for people behind one office NAT, still a brake on guessing
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      customRules: { '/sign-in/email': { window: 60, max: 30 }, '/sign-up/email': { window: 60, max: 30 } },
    },
    telemetry: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: { ...user, role: cfg.staffEmails.includes(user.email.toLowerCase()) ? 'staff' : 'user' },
          }),
          after: async (user) => {
            await openWallet(db, user.id, cfg.startingCredits);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
