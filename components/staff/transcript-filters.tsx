import { getTranslations } from 'next-intl/server';
import { Field, SelectInput, TextInput } from '@/components/ui/field';
import { TimeZoneInput } from './time-zone-input';

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
      <Field label={t('from')} htmlFor="f-from">
        <TextInput id="f-from" name="from" type="date" defaultValue={query.from ?? ''} />
      </Field>
      <Field label={t('to')} htmlFor="f-to">
        <TextInput id="f-to" name="to" type="date" defaultValue={query.to ?? ''} />
      </Field>
      <TimeZoneInput />
      <div className="flex items-end gap-2">
        <button
          type="submit"
          className="h-9 flex-1 rounded-lg bg-zinc-900 px-3 text-sm font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:bg-zinc-100 dark:text-zinc-900"
        >
          {t('apply')}
        </button>
        <a
          href="/staff"
          className="h-9 rounded-lg px-3 text-sm leading-9 text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-400 dark:hover:bg-zinc-800"
        >
          {t('reset')}
        </a>
      </div>
    </form>
  );
}
