import { rmSync } from 'node:fs';
import { startSmtpSink } from '../tests/support/smtp-sink';
import { mailboxPath, smtpSinkPort } from './mailbox';

/** Starts the SMTP sink the e2e server mails through; Playwright calls the returned function at the end. */
export default async function globalSetup() {
  rmSync(mailboxPath, { force: true });
  const sink = await startSmtpSink({ port: smtpSinkPort, mailbox: mailboxPath });
  return async () => {
    await sink.close();
  };
}
