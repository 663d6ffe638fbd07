import { FileQuestion } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { NoticePage } from './notice-page';

/**
 * The 404 page, in Quire's own look: a link that leads nowhere (mistyped, deleted, or to something not
 * shared with this person) says so and offers the way back, inside the app's frame when signed in.
 */
export async function NotFoundNotice() {
  const t = await getTranslations('notFound');
  return <NoticePage icon={FileQuestion} title={t('title')} text={t('text')} link={{ href: '/', label: t('home') }} testId="not-found" />;
}
