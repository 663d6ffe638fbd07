import { betterAuth } from 'better-auth';
import { prismaAdapter } from 'better-auth/adapters/prisma';
import type { AppConfig } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { openWallet } from '@/lib/billing/wallet';
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
    // The app is served from whatever host the person reaches it by (localhost,
    // 127.0.0.1, a LAN name): trust the request's own origin; cookies stay SameSite=Lax.
    trustedOrigins: (request) => [request ? new URL(request.url).origin : undefined],
    advanced: { useSecureCookies: false },
    // per client address: generous for people behind one office NAT, still a brake on guessing
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
