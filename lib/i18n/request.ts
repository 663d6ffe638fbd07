import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { isLocale, negotiateLocale } from './locales';

// No locale in the URL: the person's choice (cookie) wins, else the browser's language.
export default getRequestConfig(async () => {
  const chosen = (await cookies()).get('quire-locale')?.value;
  const locale = isLocale(chosen) ? chosen : negotiateLocale((await headers()).get('accept-language'));
  return { locale, messages: (await import(`../../messages/${locale}.json`)).default };
});
