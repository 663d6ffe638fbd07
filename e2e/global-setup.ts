import { rmSync } from 'node:fs';
import { migratedPgliteImage } from '../lib/db/pglite-image';
import { startSmtpSink } from '../tests/support/smtp-sink';
import { mailboxPath, smtpSinkPort } from './mailbox';

/**
 * Starts the SMTP sink the e2e server mails through; Playwright calls the returned function at the end. Makes the
 * migrated embedded database's dump first, so that every server the specs start on a new data directory begins
 * from it (scripts/start.ts) instead of migrating from nothing.
 */
export default async function globalSetup() {
  await migratedPgliteImage();
  rmSync(mailboxPath, { force: true });
  const sink = await startSmtpSink({ port: smtpSinkPort, mailbox: mailboxPath });
  return async () => {
    await sink.close();
  };
}
