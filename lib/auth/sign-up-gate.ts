import type { AppConfig } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { findInviteByToken } from './invites';

export type SignUpMode = AppConfig['signup'];

export type SignUpRefusal = 'SIGNUP_CLOSED' | 'INVITE_REQUIRED' | 'INVITE_NOT_FOUND' | 'INVITE_USED' | 'INVITE_REVOKED' | 'INVITE_EXPIRED' | 'INVITE_EMAIL_MISMATCH';

const MESSAGES: Record<SignUpRefusal, string> = {
  SIGNUP_CLOSED: 'Sign-up is closed on this server. Ask the person who runs it for an account.',
  INVITE_REQUIRED: 'Sign-up on this server is by invitation. Ask a staff member for an invite link.',
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

/**
 * Whether a new account may be made, and with which invite. Checked before the
 * account is written; the account row then records the invite under a unique
 * key, so two sign-ups racing with one link make one account.
 */
export async function admitSignUp(db: Db, mode: SignUpMode, attempt: { inviteToken?: unknown; email: string }): Promise<{ inviteId?: string }> {
  if (mode === 'open') return {};
  if (mode === 'closed') throw new SignUpRefused('SIGNUP_CLOSED');
  const token = typeof attempt.inviteToken === 'string' ? attempt.inviteToken.trim() : '';
  if (!token) throw new SignUpRefused('INVITE_REQUIRED');
  const invite = await findInviteByToken(db, token);
  if (!invite) throw new SignUpRefused('INVITE_NOT_FOUND');
  if (invite.status === 'used') throw new SignUpRefused('INVITE_USED');
  if (invite.status === 'revoked') throw new SignUpRefused('INVITE_REVOKED');
  if (invite.status === 'expired') throw new SignUpRefused('INVITE_EXPIRED');
  if (invite.email && invite.email !== attempt.email.trim().toLowerCase()) throw new SignUpRefused('INVITE_EMAIL_MISMATCH');
  return { inviteId: invite.id };
}
