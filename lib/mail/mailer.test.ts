import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '@/tests/support/smtp-sink';
import { inviteMail, passwordMail } from './link-mail';
import { createMailer } from './mailer';

// a verification link is long (a signed token) and carries "=" and "&": the
// message must still hand it over intact
const link = `http://localhost:3000/api/auth/verify-email?token=${'eyJhbGciOiJIUzI1NiJ9.'.repeat(8)}abc&callbackURL=%2F`;

describe('mail', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
  });

  it('with SMTP_URL, a password link goes out through SMTP with the link, from the configured sender', async () => {
    const logs: Array<Record<string, unknown>> = [];
    const mailer = createMailer({ smtpUrl: sink.url, from: 'Quire <quire@example.org>', log: (l) => logs.push(l) });
    await mailer.send(passwordMail('staff@example.com', link, 'confirm'));
    const got = sink.messages.at(-1)!;
    expect(got.to).toEqual(['staff@example.com']);
    expect(got.from).toBe('quire@example.org');
    expect(got.subject).toMatch(/confirm your address/i);
    expect(got.text).toContain(link);
    // the operator sees that a message left, never the link itself
    expect(logs).toEqual([expect.objectContaining({ event: 'mail_sent', kind: 'password_link', to: 'staff@example.com' })]);
    expect(JSON.stringify(logs)).not.toContain('token=');
  });

  it('without SMTP_URL, the link is written to the server log as one password_link line and nothing is sent', async () => {
    const before = sink.messages.length;
    const logs: Array<Record<string, unknown>> = [];
    const mailer = createMailer({ from: 'Quire <quire@example.org>', log: (l) => logs.push(l) });
    expect(mailer.delivers).toBe(false);
    await mailer.send(passwordMail('staff@example.com', link, 'confirm'));
    await mailer.send(inviteMail('new@example.com', 'http://localhost:3000/sign-up?invite=abc', 'Sam', new Date('2030-01-01T00:00:00Z')));
    expect(logs).toEqual([
      { event: 'password_link', to: 'staff@example.com', url: link },
      { event: 'invite_link', to: 'new@example.com', url: 'http://localhost:3000/sign-up?invite=abc' },
    ]);
    expect(sink.messages.length).toBe(before);
  });

  it('a mail server that cannot be reached is logged as mail_failed when posted in the background', async () => {
    const logs: Array<Record<string, unknown>> = [];
    const closed = await startSmtpSink();
    await closed.close();
    const mailer = createMailer({ smtpUrl: closed.url, from: 'q@example.org', log: (l) => logs.push(l) });
    mailer.post(passwordMail('a@example.com', link, 'confirm'));
    await expect.poll(() => logs.length, { timeout: 10_000 }).toBe(1);
    expect(logs[0]).toMatchObject({ event: 'mail_failed', kind: 'password_link', to: 'a@example.com' });
  });
});
