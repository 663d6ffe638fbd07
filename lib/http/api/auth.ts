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

const changePasswordBody = z.object({
  currentPassword: z.string(),
  newPassword: password,
  revokeOtherSessions: z
    .boolean()
    .optional()
    .meta({ description: 'true: every other session of the account ends (the account page sends it).' }),
});

const changeEmailBody = z.object({
  newEmail: z.string().email().max(254),
  password: z.string().meta({ description: "The account's current password: a session alone does not move the account." }),
});

const verifyEmailQuery = z.object({
  token: z.string().meta({ description: 'The token from the mailed link.' }),
  callbackURL: z
    .string()
    .optional()
    .meta({ description: 'A path on this site to go to afterwards (the mailed link names the account page).' }),
});

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
export const passwordChangedResponse = z.strictObject({
  token: z.string().nullable().meta({ description: "The new session's token when the other sessions ended (the cookie carries it too)." }),
  user: authUser,
});
export const statusResponse = z.strictObject({ status: z.literal(true) });
export const emailVerifiedResponse = z.strictObject({ status: z.literal(true), user: authUser });

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
  {
    method: 'POST',
    path: '/api/auth/change-password',
    tag: 'Auth',
    auth: 'session',
    errorFormat: 'better-auth',
    summary: "Change the signed-in person's password (better-auth).",
    description:
      'With `revokeOtherSessions: true` every other session of the account ends at once (in every web process) and this one is replaced by a new session, whose cookie is set.',
    body: changePasswordBody,
    responses: {
      200: '`{token, user}`.',
      400: '`INVALID_PASSWORD`: the current password is wrong; `PASSWORD_TOO_SHORT`, `PASSWORD_TOO_LONG`.',
      429: 'Too many tries; `Retry-After` says when to try again.',
    },
    responseBodies: { 200: passwordChangedResponse },
  },
  {
    method: 'POST',
    path: '/api/auth/change-email',
    tag: 'Auth',
    auth: 'session',
    errorFormat: 'better-auth',
    summary: 'Ask to move the account to another address: a link is mailed to that address (better-auth).',
    description:
      'Nothing changes until the link is followed (`GET /api/auth/verify-email`); it works for 24 hours. The link points at `APP_URL` or an address this server vouched for, as password links do.',
    body: changeEmailBody,
    responses: {
      200: '`{status: true}`: the link is on its way.',
      400: "`PASSWORD_REQUIRED` / `INVALID_PASSWORD`: the current password is missing or wrong; `EMAIL_TAKEN`: another account uses the address; `EMAIL_UNCHANGED`: it is already the caller's.",
      429: 'Too many asked for (5 a minute per client address); `Retry-After` says when to try again.',
    },
    responseBodies: { 200: statusResponse },
  },
  {
    method: 'GET',
    path: '/api/auth/verify-email',
    tag: 'Auth',
    auth: 'none',
    errorFormat: 'better-auth',
    summary: 'Follow a mailed email-change link: the account takes the new address (better-auth).',
    description:
      "The mailed link carries `callbackURL` and so answers with a redirect there, adding `error=CODE` (`INVALID_TOKEN`, `TOKEN_EXPIRED`, `INVALID_USER` when another account is signed in, `EMAIL_TAKEN`) when it cannot be used. The account's sessions stay signed in and see the new address at once. Only links from `change-email` are mailed (`send-verification-email` answers 404).",
    query: verifyEmailQuery,
    responses: {
      200: '`{status: true, user}` (without `callbackURL`).',
      302: 'To `callbackURL`.',
      400: '`EMAIL_TAKEN` (without `callbackURL`).',
    },
    responseBodies: { 200: emailVerifiedResponse },
  },
  {
    method: 'POST',
    path: '/api/auth/revoke-other-sessions',
    tag: 'Auth',
    auth: 'session',
    errorFormat: 'better-auth',
    summary: "Sign out every session of the caller's account but this one (better-auth).",
    description: 'They are refused from their next request on, in every web process.',
    responses: { 200: '`{status: true}`.' },
    responseBodies: { 200: statusResponse },
  },
]);
