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
  event: 'verification_link' | 'invite_link';
}

export function verificationMail(to: string, link: string): LinkMail {
  return {
    to,
    subject: 'Confirm your email address for Quire',
    text: [
      'Someone (hopefully you) created a Quire account with this address.',
      'Follow this link to confirm it is yours:',
      '',
      link,
      '',
      'The link works for 24 hours. If you did not sign up, ignore this message.',
    ].join('\n'),
    link,
    event: 'verification_link',
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
