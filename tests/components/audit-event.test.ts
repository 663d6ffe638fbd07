import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { AuditEventJson } from '@/components/api/api-types';
import { auditLines } from '@/components/staff/audit-event';
import { AUDIT_ACTIONS } from '@/lib/audit/audit-log';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import zh from '@/messages/zh.json';

const row = (fields: Partial<AuditEventJson>): AuditEventJson => ({
  id: 'e1',
  at: '2026-03-05T10:00:00.000Z',
  action: 'credits_granted',
  actorId: 'u1',
  actorEmail: 'staff@example.com',
  targetType: null,
  targetId: null,
  targetLabel: null,
  address: '203.0.113.7',
  detail: null,
  ...fields,
});

describe('the lines under an audit row’s act', () => {
  it('say how much went to whom and why for a grant, without the grant’s internal id', () => {
    expect(
      auditLines(
        row({
          targetType: 'user',
          targetLabel: 'ada@example.com',
          detail: { grantId: 'g1', amountMicros: 5_000_000, reason: 'Refund' },
        }),
      ),
    ).toEqual([
      { kind: 'credits', amountMicros: 5_000_000, account: 'ada@example.com' },
      { kind: 'reason', text: 'Refund' },
    ]);
  });

  it('name whom an invite was for (anyone when no address) and until when it was valid', () => {
    expect(auditLines(row({ action: 'invite_created', targetType: 'invite', detail: { expiresAt: '2026-03-12T10:00:00.000Z' } }))).toEqual([
      { kind: 'inviteFor', email: null },
      { kind: 'validUntil', iso: '2026-03-12T10:00:00.000Z' },
    ]);
    expect(auditLines(row({ action: 'invite_revoked', targetLabel: 'bo@example.com' }))).toEqual([
      { kind: 'inviteFor', email: 'bo@example.com' },
    ]);
  });

  it('name the chat (linked by its id) and its owner for a transcript opened or a chat closed', () => {
    expect(
      auditLines(
        row({ action: 'transcript_opened', targetType: 'chat', targetId: 'c1', targetLabel: 'Tea', detail: { owner: 'ada@example.com' } }),
      ),
    ).toEqual([{ kind: 'chat', chatId: 'c1', title: 'Tea', owner: 'ada@example.com' }]);
    expect(
      auditLines(row({ action: 'chat_closed', targetType: 'chat', targetId: 'c2', targetLabel: 'Tea', detail: { owner: null } })),
    ).toEqual([{ kind: 'chat', chatId: 'c2', title: 'Tea', owner: null }]);
  });

  it('say who became staff through the STAFF_EMAILS list, and which sign-in rule refused whom', () => {
    expect(
      auditLines(
        row({ action: 'role_changed', actorEmail: null, targetLabel: 'new@example.com', detail: { role: 'staff', by: 'STAFF_EMAILS' } }),
      ),
    ).toEqual([{ kind: 'becameRole', account: 'new@example.com', role: 'staff' }, { kind: 'byStaffList' }]);
    expect(
      auditLines(row({ action: 'sign_in_limited', targetLabel: 'ada@example.com', detail: { scope: 'account', perMinute: 10 } })),
    ).toEqual([{ kind: 'signInLimit', account: 'ada@example.com', perMinute: 10, scope: 'account' }]);
  });

  it('show a fact it has no words for, or one of the wrong type, as its name and value instead of hiding it', () => {
    expect(
      auditLines(
        row({ action: 'credits_granted', targetLabel: 'ada@example.com', detail: { amountMicros: 'a lot', currency: 'USD', n: 2 } }),
      ),
    ).toEqual([
      { kind: 'target', label: 'ada@example.com' },
      { kind: 'other', name: 'amountMicros', value: 'a lot' },
      { kind: 'other', name: 'currency', value: 'USD' },
      { kind: 'other', name: 'n', value: '2' },
    ]);
    expect(auditLines(row({ action: 'webhook_added', targetLabel: 'https://hooks.example', detail: { events: ['a'] } }))).toEqual([
      { kind: 'target', label: 'https://hooks.example' },
      { kind: 'other', name: 'events', value: '["a"]' },
    ]);
  });
});

describe('the words for the audit log', () => {
  it('exist in every language for every act and line, and read a sign-in limit with its count and rule', () => {
    for (const [locale, messages] of Object.entries({ en, ru, zh })) {
      const t = createTranslator({ locale, messages, namespace: 'staff.audit' });
      for (const action of AUDIT_ACTIONS) expect(t.has(`actions.${action}`), `${locale} actions.${action}`).toBe(true);
      const limit = t('lines.signInLimit', { account: 'ada@example.com', perMinute: 10, scope: 'account_and_address' });
      expect(limit).toContain('ada@example.com');
      expect(limit).toContain('10');
    }
    const en10 = createTranslator({ locale: 'en', messages: en, namespace: 'staff.audit' });
    expect(en10('lines.signInLimit', { account: 'ada@example.com', perMinute: 10, scope: 'account' })).toBe(
      'ada@example.com: more than 10 tries a minute from devices it has not signed in on',
    );
    const ru21 = createTranslator({ locale: 'ru', messages: ru, namespace: 'staff.audit' });
    expect(ru21('lines.signInLimit', { account: 'a@b.c', perMinute: 21, scope: 'account_and_address' })).toBe(
      'a@b.c: больше 21 попытки в минуту с одного адреса',
    );
  });
});
