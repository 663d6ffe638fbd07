import { getTranslations } from 'next-intl/server';
import { Field, SelectInput, TextInput } from '@/components/ui/field';
import { DayRangeFields } from './day-range-fields';

interface TranscriptFiltersProps {
  query: { status?: string; model?: string; user?: string; from?: string; to?: string };
  models: Array<{ id: string; label: string }>;
}

/** A plain GET form: the filters become query params, work without script, and can be shared. */
export async function TranscriptFilters({ query, models }: TranscriptFiltersProps) {
  const t = await getTranslations('staff.transcripts.filters');
  return (
    <form
      action="/staff"
      method="get"
      className="grid gap-3 rounded-xl border border-zinc-200 bg-zinc-50 p-4 sm:grid-cols-3 lg:grid-cols-6 dark:border-zinc-800 dark:bg-zinc-900/50"
      aria-label={t('label')}
    >
      <Field label={t('status')} htmlFor="f-status">
        <SelectInput id="f-status" name="status" defaultValue={query.status ?? ''}>
          <option value="">{t('any')}</option>
          <option value="stopped">{t('stopped')}</option>
          <option value="truncated">{t('truncated')}</option>
          <option value="error">{t('error')}</option>
        </SelectInput>
      </Field>
      <Field label={t('model')} htmlFor="f-model">
        <SelectInput id="f-model" name="model" defaultValue={query.model ?? ''}>
          <option value="">{t('any')}</option>
          {models.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </SelectInput>
      </Field>
      <Field label={t('user')} htmlFor="f-user">
        <TextInput id="f-user" name="user" type="search" defaultValue={query.user ?? ''} placeholder={t('userPlaceholder')} />
      </Field>
      <DayRangeFields query={query} labels={{ from: t('from'), to: t('to'), apply: t('apply'), reset: t('reset') }} resetHref="/staff" />
    </form>
  );
}
