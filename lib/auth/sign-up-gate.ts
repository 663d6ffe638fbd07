import type { AppConfig } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { findInviteByToken } from './invites';

export type SignUpMode = AppConfig['signup'];

export type SignUpRefusal =
  | 'SIGNUP_CLOSED'
  | 'INVITE_REQUIRED'
  | 'INVITE_NOT_FOUND'
  | 'INVITE_USED'
  | 'INVITE_REVOKED'
  | 'INVITE_EXPIRED'
  | 'INVITE_EMAIL_MISMATCH';

const MESSAGES: Record<SignUpRefusal, string> = {
  SIGNUP_CLOSED: 'Sign-up is closed on this server. Ask the person who runs it for an account.',
  INVITE_REQUIRED:
    'Sign-up on this server is by invitation. Ask a staff member for an invite link (addresses on the staff list may sign up without one).',
  INVITE_NOT_FOUND: 'This invite link is not valid. Check that you copied all of it, or ask for a new one.',
  INVITE_USED: 'This invite link has already been used. Ask for a new one.',
  INVITE_REVOKED: 'This invite link was withdrawn. Ask for a new one.',
  INVITE_EXPIRED: 'This invite link has expired. Ask for a new one.',
  INVITE_EMAIL_MISMATCH: 'This invite is for another email address.',
};

export class SignUpRefused extends Error {
  constructor(readonly code: SignUpRefusal) {
    super(MESSAGES[code]);
    this.name = 'SignUpRefused';
  }
}

/** The invite behind a token, or why it cannot make an account. */
async function usableInvite(db: Db, token: string): Promise<{ id: string; email: string | null } | SignUpRefusal> {
  if (!token) return 'INVITE_REQUIRED';
  const invite = await findInviteByToken(db, token);
  if (!invite) return 'INVITE_NOT_FOUND';
  if (invite.status === 'used') return 'INVITE_USED';
  if (invite.status === 'revoked') return 'INVITE_REVOKED';
  if (invite.status === 'expired') return 'INVITE_EXPIRED';
  return { id: invite.id, email: invite.email };
}

const tokenOf = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 200) : '');

/**
 * Whether a new account may be made, and with which invite. Checked before the
 * account is written; the account row then records the invite under a unique
 * key, so two sign-ups racing with one link make one account.
 *
 * On an invite-only server a staff-listed address may sign up without a link:
 * someone has to make the first invites. It gets no rights from that (staff
 * waits for the address to be verified), only an ordinary account.
 */
export async function admitSignUp(
  db: Db,
  mode: SignUpMode,
  attempt: { inviteToken?: unknown; email: string; staffListed: boolean },
): Promise<{ inviteId?: string }> {
  if (mode === 'closed') throw new SignUpRefused('SIGNUP_CLOSED');
  const token = tokenOf(attempt.inviteToken);
  // open: anyone may sign up; a usable invite is still spent, so staff see who used their link
  if ((mode === 'open' || attempt.staffListed) && !token) return {};
  const invite = await usableInvite(db, token);
  if (typeof invite !== 'string' && (!invite.email || invite.email === attempt.email.trim().toLowerCase())) return { inviteId: invite.id };
  if (mode === 'open') return {};
  throw new SignUpRefused(typeof invite === 'string' ? invite : 'INVITE_EMAIL_MISMATCH');
}

/**
 * What the sign-up page offers: the form (with the invite it carries, or for
 * staff-listed addresses only), or why there is none.
 */
export type SignUpOffer =
  | { kind: 'form'; invite?: { token: string; email: string | null }; staffOnly?: boolean }
  | { kind: 'refused'; code: SignUpRefusal; staffMaySignUp?: boolean };

export async function signUpOffer(
  db: Db,
  mode: SignUpMode,
  inviteToken: unknown,
  opts: { staffListConfigured: boolean; asStaff: boolean },
): Promise<SignUpOffer> {
  if (mode === 'closed') return { kind: 'refused', code: 'SIGNUP_CLOSED' };
  const token = tokenOf(inviteToken);
  if (mode === 'open' && !token) return { kind: 'form' };
  if (!token && opts.staffListConfigured)
    return opts.asStaff ? { kind: 'form', staffOnly: true } : { kind: 'refused', code: 'INVITE_REQUIRED', staffMaySignUp: true };
  const invite = await usableInvite(db, token);
  if (typeof invite !== 'string') return { kind: 'form', invite: { token, email: invite.email } };
  return mode === 'open' ? { kind: 'form' } : { kind: 'refused', code: invite };
}
