import { auditCsvStream } from '@/lib/audit/audit-csv';
import { AUDIT_EXPORT_MAX_ROWS, auditExport } from '@/lib/audit/audit-list';
import { parseQuery } from '@/lib/http/handler';
import { auditExportQuery as query } from '@/lib/http/api/staff';
import { staffRoute } from '@/lib/http/session-route';
import { takeRequestRate } from '@/lib/rate-limit/rate-limit';

/** The filtered audit log as a CSV attachment, streamed a batch of rows at a time and bounded (AUDIT_EXPORT_MAX_ROWS). */
export const GET = staffRoute(async ({ request, app, rate }) => {
  const { format: _csv, ...filter } = parseQuery(request, query);
  await takeRequestRate(app.db, rate);
  const { truncated, rows } = await auditExport(app.db, filter);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(auditCsvStream(rows), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="quire-audit-${day}.csv"`,
      'cache-control': 'no-store',
      ...(truncated ? { 'x-export-truncated': String(AUDIT_EXPORT_MAX_ROWS) } : {}),
    },
  });
});
