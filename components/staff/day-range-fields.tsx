import { buttonClasses } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { TimeZoneInput } from './time-zone-input';

interface DayRangeFieldsProps {
  /** the days as the page's query holds them (yyyy-mm-dd) */
  query: { from?: string; to?: string };
  labels: { from: string; to: string; apply: string; reset: string };
  /** the list's address without filters: Reset */
  resetHref: string;
}

/**
 * The end of a staff list's filter form: From and To days (the viewer's own, with their zone sent
 * along, components/staff/list-filter.ts), then Apply and Reset.
 */
export function DayRangeFields({ query, labels, resetHref }: DayRangeFieldsProps) {
  return (
    <>
      <Field label={labels.from} htmlFor="f-from">
        <TextInput id="f-from" name="from" type="date" defaultValue={query.from ?? ''} />
      </Field>
      <Field label={labels.to} htmlFor="f-to">
        <TextInput id="f-to" name="to" type="date" defaultValue={query.to ?? ''} />
      </Field>
      <TimeZoneInput />
      <div className="flex items-end gap-2">
        <button type="submit" className={buttonClasses({ variant: 'primary' }, 'flex-1')}>
          {labels.apply}
        </button>
        <a href={resetHref} className={buttonClasses({ variant: 'ghost' })}>
          {labels.reset}
        </a>
      </div>
    </>
  );
}
