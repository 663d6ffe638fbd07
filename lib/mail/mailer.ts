import { createTransport } from 'nodemailer';
import type { LinkMail } from './link-mail';

export type LogLine = (line: Record<string, unknown>) => void;

export interface Mailer {
  /** true when messages leave through SMTP; false when links go to the server log */
  readonly delivers: boolean;
  /** sends now; rejects when the SMTP server refuses or cannot be reached */
  send(mail: LinkMail): Promise<void>;
  /** sends without holding up the request; a failure is logged for the operator */
  post(mail: LinkMail): void;
}

/**
 * SMTP through nodemailer when SMTP_URL is set (smtp://user:pass@host:587,
 * smtps://… for TLS from the first byte). Without it the link is written to the
 * server log as one JSON line, which only the operator reads. The URL carries
 * credentials: it is never logged.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; log: LogLine }): Mailer {
  const { log } = opts;
  const send = opts.smtpUrl
    ? smtpSender(opts.smtpUrl, opts.from, log)
    : async (mail: LinkMail) => log({ event: mail.event, to: mail.to, url: mail.link });
  return {
    delivers: Boolean(opts.smtpUrl),
    send,
    post(mail) {
      send(mail).catch((error: unknown) =>
        log({ event: 'mail_failed', kind: mail.event, to: mail.to, error: error instanceof Error ? error.message : String(error) }),
      );
    },
  };
}

function smtpSender(smtpUrl: string, from: string, log: LogLine) {
  const transport = createTransport(smtpUrl, { from });
  return async (mail: LinkMail) => {
    const info = await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
    log({ event: 'mail_sent', kind: mail.event, to: mail.to, messageId: info.messageId });
  };
}
