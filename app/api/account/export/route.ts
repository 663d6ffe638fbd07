import { exportAccountData } from '@/lib/account/export-data';
import { dataExportRule } from '@/lib/account/limits';
import { userRoute } from '@/lib/http/session-route';
import { takeRateRules } from '@/lib/rate-limit/rate-limit';

/** "Download my data": one ZIP, written while it downloads. */
export const GET = userRoute(async ({ app, user }) => {
  await takeRateRules(app.db, [dataExportRule(user.id)]);
  const file = await exportAccountData({ db: app.db, labelOf: (model) => app.catalog.find(model)?.label ?? model ?? 'Assistant' }, user.id);
  return new Response(file.body, {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'no-store',
    },
  });
});
