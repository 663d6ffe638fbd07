import { csvField, csvHead } from '@/lib/text/csv';
import type { AuditRow } from './audit-list';

export const AUDIT_CSV_COLUMNS = [
  'at',
  'action',
  'actor_email',
  'actor_id',
  'target_type',
  'target_id',
  'target',
  'address',
  'detail',
] as const;

export function auditCsvLine(row: AuditRow): string {
  return `${[
    row.at.toISOString(),
    row.action,
    row.actorEmail,
    row.actorId,
    row.targetType,
    row.targetId,
    row.targetLabel,
    row.address,
    row.detail ? JSON.stringify(row.detail) : null,
  ]
    .map(csvField)
    .join(',')}\r\n`;
}

/**
 * The rows as a CSV byte stream: a UTF-8 byte order mark (so a spreadsheet
 * reads names in any script), the header, then a line per row as the rows
 * arrive; nothing is held beyond the batch being read.
 */
export function auditCsvStream(rows: AsyncIterator<AuditRow>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvHead(AUDIT_CSV_COLUMNS)));
    },
    async pull(controller) {
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(auditCsvLine(next.value)));
    },
    async cancel() {
      await rows.return?.(undefined);
    },
  });
}
