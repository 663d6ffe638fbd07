import { getTranslations } from 'next-intl/server';
import { Field, SelectInput, TextInput } from '@/components/ui/field';
import { AUDIT_ACTIONS } from '@/lib/audit/audit-log';
import { DayRangeFields } from './day-range-fields';

export interface AuditQuery {
  action?: string;
  actor?: string;
  from?: string;
  to?: string;
  tz?: string;
}

/** A plain GET form: the filters become the page's query, work without script, and can be shared. */
export async function AuditFilters({ query }: { query: AuditQuery }) {
  const t = await getTranslations('staff.audit');
  return (
    <form
      action="/staff/audit"
      method="get"
      className="grid gap-3 rounded-xl border border-zinc-200 bg-zinc-50 p-4 sm:grid-cols-2 lg:grid-cols-5 dark:border-zinc-800 dark:bg-zinc-900/50"
      aria-label={t('filters.label')}
      data-testid="audit-filters"
    >
      <Field label={t('filters.action')} htmlFor="f-action">
        <SelectInput id="f-action" name="action" defaultValue={query.action ?? ''}>
          <option value="">{t('filters.any')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`actions.${action}`)}
            </option>
          ))}
        </SelectInput>
      </Field>
      <Field label={t('filters.actor')} htmlFor="f-actor">
        <TextInput id="f-actor" name="actor" type="search" defaultValue={query.actor ?? ''} placeholder={t('filters.actorPlaceholder')} />
      </Field>
      <DayRangeFields
        query={query}
        labels={{ from: t('filters.from'), to: t('filters.to'), apply: t('filters.apply'), reset: t('filters.reset') }}
        resetHref="/staff/audit"
      />
    </form>
  );
}
