import { z } from 'zod';
import type { Auth } from '@/lib/auth/auth';
import { defineOperations } from '@/lib/http/openapi/api-operation';
import type { AllTrue, DescribesJsonOf } from './json-shape';

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

// better-auth's user and session with this server's fields (lib/auth/auth.ts); its types mark some keys optional that it always sends
const authUser = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  role: z.string().meta({ description: 'user or staff' }),
  locale: z.string().nullable().optional(),
});

const authSession = z.strictObject({
  id: z.string(),
  token: z.string(),
  userId: z.string(),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  ipAddress: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
});

export const signUpResponse = z.strictObject({
  token: z.string().nullable().meta({ description: "The session's token (the cookie carries it too)." }),
  user: authUser,
});

export const signInResponse = z.strictObject({
  redirect: z.boolean(),
  token: z.string(),
  url: z.string().optional(),
  user: authUser,
});

export const sessionResponse = z.strictObject({ session: authSession, user: authUser }).nullable();

export const signOutResponse = z.strictObject({ success: z.literal(true) });
export const passwordLinkResponse = z.strictObject({ status: z.literal(true), message: z.string() });
export const passwordSetResponse = z.strictObject({ status: z.literal(true) });

export type AuthResponseChecks = AllTrue<
  [
    DescribesJsonOf<typeof authUser, Auth['$Infer']['Session']['user']>,
    DescribesJsonOf<typeof authSession, Auth['$Infer']['Session']['session']>,
  ]
>;

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
      200: '`{token, user}`: the new user; the session cookie is set.',
      403: 'Sign-up is closed or by invitation, or the invite is not valid.',
      422: 'An account already uses this email.',
      429: signInLimit,
    },
    responseBodies: { 200: signUpResponse },
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    tag: 'Auth',
    auth: 'none',
    errorFormat: 'better-auth',
    summary: 'Sign in with email and password (better-auth).',
    body: betterAuthSignInBody,
    responses: { 200: '`{redirect, token, user}`; the session cookie is set.', 401: 'The email or password is wrong.', 429: signInLimit },
    responseBodies: { 200: signInResponse },
  },
  {
    method: 'POST',
    path: '/api/auth/sign-out',
    tag: 'Auth',
    auth: 'session',
    errorFormat: 'better-auth',
    summary: 'Sign out: the session ends and its cookie is cleared (better-auth).',
    responses: { 200: '`{success: true}`.' },
    responseBodies: { 200: signOutResponse },
  },
  {
    method: 'GET',
    path: '/api/auth/get-session',
    tag: 'Auth',
    auth: 'none',
    errorFormat: 'better-auth',
    summary: 'The signed-in session and its user, or null (better-auth).',
    responses: { 200: '`{session, user}` or `null`.' },
    responseBodies: { 200: sessionResponse },
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
    responseBodies: { 200: passwordLinkResponse },
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
    responseBodies: { 200: passwordSetResponse },
  },
]);
