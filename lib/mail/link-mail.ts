/**
 * A message that carries one link a person must follow: the address check that
 * grants staff, or an invite to sign up. Without an SMTP server the link itself
 * is what the operator needs, so it is also what the log line holds.
 */
export interface LinkMail {
  to: string;
  subject: string;
  text: string;
  link: string;
  /** the log event when the link is written to the server log instead of mailed */
  event: 'password_link' | 'invite_link' | 'email_change_link' | 'share_invitation_link' | 'document_shared_link';
}

/**
 * A one-time link that sets the account's password. `confirm`: a staff-listed
 * address that signed up; the person who set the password at sign-up may not be
 * the mailbox's owner, so staff rights start only with a password chosen from
 * this mail. `reset`: the person asked for it ("Forgot your password?").
 */
export function passwordMail(to: string, link: string, purpose: 'confirm' | 'reset'): LinkMail {
  const lead =
    purpose === 'confirm'
      ? [
          'Someone (hopefully you) created a Quire account with this address, which is on the staff list.',
          'Staff access starts once you confirm the address: follow this link and choose your password.',
          'Any password set before this one stops working.',
        ]
      : ['Someone (hopefully you) asked to reset the password of your Quire account.', 'Follow this link to choose a new password:'];
  return {
    to,
    subject: purpose === 'confirm' ? 'Confirm your address and set your Quire password' : 'Reset your Quire password',
    text: [
      ...lead,
      '',
      link,
      '',
      'The link works once, for 24 hours. Setting a password signs out every other session of the account.',
      'If you did not ask for this, ignore this message.',
    ].join('\n'),
    link,
    event: 'password_link',
  };
}

/** The link that moves an account to this address: sent here, so only this mailbox's reader can make the move. */
export function emailChangeMail(to: string, link: string): LinkMail {
  return {
    to,
    subject: 'Confirm your new Quire address',
    text: [
      'Someone (hopefully you) asked to use this address for their Quire account.',
      'Follow this link to make it the address you sign in with:',
      '',
      link,
      '',
      'The link works for 24 hours. Until it is followed, the account keeps its old address.',
      'If you did not ask for this, ignore this message.',
    ].join('\n'),
    link,
    event: 'email_change_link',
  };
}

export function inviteMail(to: string, link: string, invitedBy: string, expiresAt: Date): LinkMail {
  return {
    to,
    subject: `${invitedBy} invited you to Quire`,
    text: [
      `${invitedBy} invited you to create an account on Quire.`,
      'Follow this link to sign up:',
      '',
      link,
      '',
      `The invitation works once, until ${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    ].join('\n'),
    link,
    event: 'invite_link',
  };
}

/** What a shared document's mail names: who shared it, its title and the role given. */
export interface SharedDocumentFacts {
  ownerName: string;
  title: string;
  role: 'editor' | 'reviewer';
}

const roleWords = (role: SharedDocumentFacts['role']) =>
  role === 'editor' ? 'an editor (read, edit, see history)' : 'a reviewer (read, see history, restore)';

/**
 * A document shared with an address that has no account yet: the link leads to
 * sign-up and back to the invitation, which opens the document for the account
 * holding this address (the link alone opens nothing for any other account).
 */
export function shareInvitationMail(to: string, link: string, share: SharedDocumentFacts): LinkMail {
  return {
    to,
    subject: `${share.ownerName} shared “${share.title}” with you on Quire`,
    text: [
      `${share.ownerName} shared the document “${share.title}” with you as ${roleWords(share.role)}.`,
      `To open it, create a Quire account with this address (${to}) or sign in with it, from this link:`,
      '',
      link,
      '',
      'The document opens only for the account that uses this address. A newer invitation replaces this one.',
      'If you did not expect this, ignore this message.',
    ].join('\n'),
    link,
    event: 'share_invitation_link',
  };
}

/** A document shared with an existing account: where to find it. */
export function documentSharedMail(to: string, link: string, share: SharedDocumentFacts): LinkMail {
  return {
    to,
    subject: `${share.ownerName} shared “${share.title}” with you on Quire`,
    text: [`${share.ownerName} shared the document “${share.title}” with you as ${roleWords(share.role)}.`, '', link].join('\n'),
    link,
    event: 'document_shared_link',
  };
}
