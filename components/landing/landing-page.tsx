import { BookOpenText, Brain, FileText, Scissors, Square, WalletCards } from 'lucide-react';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { BrandMark } from '@/components/app-shell/brand-mark';
import { LanguageSwitcher } from '@/components/app-shell/language-switcher';
import { ThemeToggle } from '@/components/app-shell/theme-toggle';

const FEATURES = [
  { key: 'continued', icon: Scissors },
  { key: 'context', icon: Brain },
  { key: 'stop', icon: Square },
  { key: 'documents', icon: FileText },
  { key: 'billing', icon: WalletCards },
  { key: 'api', icon: BookOpenText },
] as const;

const primaryLink =
  'inline-flex h-10 items-center justify-center rounded-lg bg-zinc-900 px-5 text-sm font-medium text-white shadow-sm transition-colors hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-white';
const secondaryLink =
  'inline-flex h-10 items-center justify-center rounded-lg border border-zinc-300 bg-white px-5 text-sm font-medium text-zinc-800 transition-colors hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800';

/** What a visitor who is not signed in sees at `/`: what Quire does, and the way in. */
export async function LandingPage({ offerSignUp }: { offerSignUp: boolean }) {
  const t = await getTranslations('landing');
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 dark:bg-zinc-950">
      <header className="flex items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <BrandMark />
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeToggle />
          <Link
            href="/sign-in"
            className="ml-1 hidden rounded-md px-2 py-1 text-sm font-medium text-zinc-700 hover:text-zinc-950 sm:inline dark:text-zinc-300 dark:hover:text-white"
          >
            {t('signIn')}
          </Link>
        </div>
      </header>
      <main className="flex-1">
        <section
          className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-10 pb-16 sm:px-6 md:grid-cols-[1.1fr_1fr] md:pt-16"
          aria-labelledby="landing-title"
        >
          <div>
            <p className="text-sm font-medium text-indigo-700 dark:text-indigo-300">{t('kicker')}</p>
            <h1 id="landing-title" className="mt-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
              {t('title')}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-zinc-600 dark:text-zinc-300">{t('lead')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              {offerSignUp && (
                <Link href="/sign-up" className={primaryLink} data-testid="landing-sign-up">
                  {t('signUp')}
                </Link>
              )}
              <Link href="/sign-in" className={offerSignUp ? secondaryLink : primaryLink} data-testid="landing-sign-in">
                {t('signIn')}
              </Link>
            </div>
            <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">{t('offline')}</p>
          </div>
          <SampleConversation />
        </section>
        <section className="border-t border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900/40" aria-labelledby="landing-features">
          <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
            <h2 id="landing-features" className="text-2xl font-semibold tracking-tight">
              {t('featuresTitle')}
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map(({ key, icon: Icon }) => (
                <li key={key} className="rounded-2xl border border-zinc-200 bg-zinc-50 p-5 dark:border-zinc-800 dark:bg-zinc-900">
                  <span className="grid size-9 place-items-center rounded-lg bg-indigo-50 text-indigo-700 ring-1 ring-indigo-100 dark:bg-indigo-950 dark:text-indigo-300 dark:ring-indigo-900">
                    <Icon className="size-4" aria-hidden />
                  </span>
                  <h3 className="mt-4 font-semibold">{t(`features.${key}.title`)}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">{t(`features.${key}.body`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <footer className="px-4 py-6 text-center text-sm text-zinc-600 sm:px-6 dark:text-zinc-400">
        {t('footer')}{' '}
        <Link href="/docs/api" className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
          {t('apiLink')}
        </Link>
      </footer>
    </div>
  );
}

/** A still of the chat: a question, and an answer that names its model and what it cost. */
async function SampleConversation() {
  const t = await getTranslations('landing.sample');
  return (
    <figure
      className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      aria-label={t('label')}
    >
      <div className="flex justify-end">
        <p className="max-w-[85%] rounded-2xl rounded-br-md bg-zinc-100 px-4 py-2.5 text-[15px] leading-relaxed dark:bg-zinc-800">
          {t('question')}
        </p>
      </div>
      <div className="mt-5 space-y-3 text-[15px] leading-relaxed text-zinc-800 dark:text-zinc-200">
        <p>{t('answerLead')}</p>
        <ol className="list-decimal space-y-1 pl-5">
          <li>{t('step1')}</li>
          <li>{t('step2')}</li>
          <li>{t('step3')}</li>
        </ol>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('meta')}</p>
      </div>
    </figure>
  );
}
