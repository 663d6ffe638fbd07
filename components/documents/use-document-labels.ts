import { useTranslations } from 'next-intl';

type LabelGroup = 'status' | 'steps' | 'types' | 'roles';

/** A status, step, type or role as words in the person's language; a value the messages do not know shows as it is. */
export function useDocumentLabels(): (group: LabelGroup, value: string | null | undefined) => string {
  const t = useTranslations('documents');
  return (group, value) => {
    if (!value) return '';
    const key = `${group}.${value}`;
    return t.has(key) ? t(key) : value;
  };
}
