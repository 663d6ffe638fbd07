// The e2e server mails through SMTP (SMTP_URL in playwright.config.ts) to a
// small SMTP sink that global-setup.ts starts; the sink appends each message to
// this file, and tests read their links from it, as a person reads their inbox.
// Nothing here exists in production: the server only sees an ordinary SMTP server.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { e2ePorts } from './ports';

const port = e2ePorts.server;

export const smtpSinkPort = e2ePorts.smtpSink;
export const mailboxPath = path.resolve(`.e2e-mailbox-${port}.jsonl`);

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

function mailTo(address: string): Mail[] {
  if (!existsSync(mailboxPath)) return [];
  return readFileSync(mailboxPath, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Mail)
    .filter((mail) => mail.to.includes(address));
}

/** The first link matching `pattern` in the newest message to `address`, waiting for it to arrive. */
export async function linkMailedTo(address: string, pattern = /https?:\/\/\S+/, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = mailTo(address)
      .map((mail) => pattern.exec(mail.text)?.[0])
      .filter(Boolean)
      .at(-1);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no mail with a link to ${address} in ${mailboxPath}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
