/**
 * Rules a person meets when choosing a password or following an account link. One place for them:
 * better-auth (lib/auth/auth.ts), the browser forms and the help-center articles (checked by
 * lib/help-center/articles-match-product.test.ts) all read these. No server-only imports here.
 */
export const MIN_PASSWORD_LENGTH = 8;
/** How long a "choose your password" link (forgotten password, staff confirmation) works. */
export const PASSWORD_LINK_SECONDS = 24 * 60 * 60;
/** How long the link confirming a new email address works. */
export const EMAIL_CHANGE_LINK_SECONDS = 24 * 60 * 60;
