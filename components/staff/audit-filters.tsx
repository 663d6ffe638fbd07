import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button';
import { Field, SelectInput, TextInput } from '@/components/ui/field';
import { AUDIT_ACTIONS } from '@/lib/audit/audit-log';
import { TimeZoneInput } from './time-zone-input';

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
      <Field label={t('filters.from')} htmlFor="f-from">
        <TextInput id="f-from" name="from" type="date" defaultValue={query.from ?? ''} />
      </Field>
      <Field label={t('filters.to')} htmlFor="f-to">
        <TextInput id="f-to" name="to" type="date" defaultValue={query.to ?? ''} />
      </Field>
      <TimeZoneInput />
      <div className="flex items-end gap-2">
        <button type="submit" className={buttonClasses({ variant: 'primary' }, 'flex-1')}>
          {t('filters.apply')}
        </button>
        <a href="/staff/audit" className={buttonClasses({ variant: 'ghost' })}>
          {t('filters.reset')}
        </a>
      </div>
    </form>
  );
}
