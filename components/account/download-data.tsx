import { Download } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button';
import { SECTION_CLASS } from './account-layout';

/** "Download my data": a plain link, so the browser streams the ZIP straight to a file. */
export async function DownloadData() {
  const t = await getTranslations('account.data');
  return (
    <section aria-labelledby="data-title" className={SECTION_CLASS}>
      <div>
        <h2 id="data-title" className="text-base font-semibold">
          {t('title')}
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('lead')}</p>
      </div>
      <div>
        <a href="/api/account/export" download className={buttonClasses({ variant: 'secondary' })} data-testid="download-data">
          <Download className="size-4" aria-hidden />
          {t('download')}
        </a>
      </div>
    </section>
  );
}
