import { FileQuestion } from 'lucide-react';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

/**
 * The 404 page, in Quire's own look: a link that leads nowhere (mistyped, deleted, or to something not
 * shared with this person) says so and offers the way back, inside the app's frame when signed in.
 */
export async function NotFoundNotice() {
  const t = await getTranslations('notFound');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-16 text-center" data-testid="not-found">
      <span className="grid size-12 place-items-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
        <FileQuestion className="size-6" aria-hidden />
      </span>
      <h1 className="text-lg font-semibold">{t('title')}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('text')}</p>
      <Link
        href="/"
        className="mt-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      >
        {t('home')}
      </Link>
    </div>
  );
}
