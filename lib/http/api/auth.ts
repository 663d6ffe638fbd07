import { z } from 'zod';
import { defineOperations } from '@/lib/http/openapi/api-operation';

/**
 * better-auth's routes under /api/auth (app/api/auth/[...all] hands every
 * request to better-auth). These schemas are written by hand to document what
 * better-auth accepts with this server's settings (lib/auth/auth.ts): they do
 * not validate anything, better-auth does. Only the routes the app itself uses
 * are listed; errors are better-auth's `{code, message}`.
 */

const password = z.string().min(8).max(128);

export const betterAuthSignUpBody = z.object({
  email: z.string().email(),
  password,
  name: z.string().max(100),
  invite: z.string().optional().meta({ description: 'The invite token from a sign-up link (SIGNUP=invite).' }),
  locale: z.string().optional(),
});

export const betterAuthSignInBody = z.object({ email: z.string().email(), password, rememberMe: z.boolean().optional() });

const passwordResetRequestBody = z.object({ email: z.string().email() });

const passwordResetBody = z.object({ token: z.string(), newPassword: password });

const signInLimit = 'Too many attempts from this address or for this account; `Retry-After` says when to try again.';

export const authOperations = defineOperations([
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    tag: 'Auth',
    auth: 'none',
    errorFormat: 'better-auth',
    summary: 'Create an account and sign in (better-auth).',
    description: "Whether sign-up is open, by invitation only or closed is the deployment's choice (`SIGNUP`). Sets the session cookie.",
    body: betterAuthSignUpBody,
    responses: {
      200: 'The new user; the session cookie is set.',
      403: 'Sign-up is closed or by invitation, or the invite is not valid.',
      422: 'An account already uses this email.',
      429: signInLimit,
    },
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    tag: 'Auth',
    auth: 'none',
    errorFormat: 'better-auth',
    summary: 'Sign in with email and password (better-auth).',
    body: betterAuthSignInBody,
    responses: { 200: 'The user; the session cookie is set.', 401: 'The email or password is wrong.', 429: signInLimit },
  },
  {
    method: 'POST',
    path: '/api/auth/sign-out',
    tag: 'Auth',
    auth: 'session',
    errorFormat: 'better-auth',
    summary: 'Sign out: the session ends and its cookie is cleared (better-auth).',
    responses: { 200: '`{success: true}`.' },
  },
  {
    method: 'GET',
    path: '/api/auth/get-session',
    tag: 'Auth',
    auth: 'none',
    errorFormat: 'better-auth',
    summary: 'The signed-in session and its user, or null (better-auth).',
    responses: { 200: '`{session, user}` or `null`.' },
  },
  {
    method: 'POST',
    path: '/api/auth/request-password-reset',
    tag: 'Auth',
    auth: 'none',
    errorFormat: 'better-auth',
    summary: 'Mail a one-time link that sets a new password (better-auth).',
    description:
      'The same answer whether or not an account uses the address. The link opens `/set-password?token=…` at `APP_URL` (or an address this server vouched for: never a `Host` header it cannot check); it works once, for 24 hours. A staff-listed address becomes staff only through this link.',
    body: passwordResetRequestBody,
    responses: { 200: '`{status: true, message}`.', 429: 'Too many links asked for; `Retry-After` says when to try again.' },
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    tag: 'Auth',
    auth: 'none',
    errorFormat: 'better-auth',
    summary: 'Set the password with the token from a mailed link (better-auth).',
    description: 'Every session of the account ends; sign in with the new password. The address counts as verified from then on.',
    body: passwordResetBody,
    responses: {
      200: '`{status: true}`.',
      400: '`INVALID_TOKEN`: the link was used, has expired or is unknown; or the password is too short.',
    },
  },
]);
