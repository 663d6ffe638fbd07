import type { AuditEventJson } from '@/components/api/api-types';

/** A sign-in limit's rule: attempts on one account from one address, or from devices it never signed in on (lib/auth/sign-in-limit.ts). */
export type SignInScope = 'account_and_address' | 'account';

/** One line under an audit row's act, in the words the page translates. */
export type AuditLine =
  | { kind: 'credits'; amountMicros: number; account: string | null }
  | { kind: 'reason'; text: string }
  | { kind: 'inviteFor'; email: string | null }
  | { kind: 'validUntil'; iso: string }
  | { kind: 'becameRole'; account: string | null; role: string }
  | { kind: 'byStaffList' }
  | { kind: 'chat'; chatId: string | null; title: string; owner: string | null }
  | { kind: 'signInLimit'; account: string | null; perMinute: number; scope: SignInScope | null }
  | { kind: 'target'; label: string }
  | { kind: 'other'; name: string; value: string };

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isScope = (value: unknown): value is SignInScope => value === 'account_and_address' || value === 'account';

/**
 * What an audit row's act was done to and the facts it recorded
 * (lib/audit/audit-log.ts). The detail is JSON written by whichever act it
 * records: a fact is read only when it has the type that act writes, and a
 * fact this page has no words for (an act added later, a field renamed) is
 * shown as its name and value rather than hidden from the reader.
 */
export function auditLines(row: AuditEventJson): AuditLine[] {
  const detail: Record<string, unknown> = { ...(row.detail ?? {}) };
  // a fact read here is not shown again among the others; a null one says nothing either way
  const take = <T>(name: string, is: (value: unknown) => value is T): T | undefined => {
    const value = detail[name];
    if (!is(value) && value !== null) return undefined;
    delete detail[name];
    return (value ?? undefined) as T | undefined;
  };
  const target = row.targetLabel;
  const lines: AuditLine[] = [];

  switch (row.action) {
    case 'credits_granted': {
      const amountMicros = take('amountMicros', isNumber);
      // the grant's id is in the CSV; a reader knows the grant by its amount, person and reason
      take('grantId', isString);
      if (amountMicros !== undefined) lines.push({ kind: 'credits', amountMicros, account: target });
      else if (target) lines.push({ kind: 'target', label: target });
      const reason = take('reason', isString);
      if (reason) lines.push({ kind: 'reason', text: reason });
      break;
    }
    case 'invite_created':
    case 'invite_revoked': {
      lines.push({ kind: 'inviteFor', email: target });
      const expiresAt = take('expiresAt', isString);
      if (expiresAt && !Number.isNaN(Date.parse(expiresAt))) lines.push({ kind: 'validUntil', iso: expiresAt });
      break;
    }
    case 'role_changed': {
      const role = take('role', isString);
      if (role) lines.push({ kind: 'becameRole', account: target, role });
      else if (target) lines.push({ kind: 'target', label: target });
      if (take('by', (value): value is 'STAFF_EMAILS' => value === 'STAFF_EMAILS')) lines.push({ kind: 'byStaffList' });
      break;
    }
    case 'transcript_opened':
    case 'chat_file_opened':
    case 'chat_closed':
      lines.push({
        kind: 'chat',
        chatId: row.targetType === 'chat' ? row.targetId : null,
        title: target ?? '',
        owner: take('owner', isString) ?? null,
      });
      break;
    case 'sign_in_limited': {
      const perMinute = take('perMinute', isNumber);
      const scope = take('scope', isScope) ?? null;
      if (perMinute !== undefined) lines.push({ kind: 'signInLimit', account: target, perMinute, scope });
      else if (target) lines.push({ kind: 'target', label: target });
      break;
    }
    default:
      if (target) lines.push({ kind: 'target', label: target });
  }

  for (const [name, value] of Object.entries(detail)) {
    if (value !== null && value !== undefined) lines.push({ kind: 'other', name, value: isString(value) ? value : JSON.stringify(value) });
  }
  return lines;
}
