import { ApiError } from '@/components/api/fetch-json';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * What a refused account request says, in the person's language: the codes
 * the form knows (`known`: code → message key), too many tries with the
 * seconds to wait, else the server's own words.
 */
export function accountErrorMessage(t: Translate, caught: unknown, known: Record<string, string>): string {
  if (caught instanceof ApiError) {
    if (caught.status === 429) return t('tooManyAttempts', { seconds: caught.retryAfter ?? 60 });
    const key = known[caught.code];
    if (key) return t(key);
  }
  return caught instanceof Error && caught.message ? caught.message : t('failed');
}
