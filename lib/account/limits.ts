import type { RateRule } from '@/lib/rate-limit/rate-limit';

/** An archive of everything reads every table of the person's: a few a minute is plenty for a person. */
export const dataExportRule = (userId: string): RateRule => ({ key: `data-export:${userId}`, perMinute: 3 });

/** Each deletion attempt checks a guess at the password. */
export const accountDeletionRule = (userId: string): RateRule => ({ key: `account-delete:${userId}`, perMinute: 5 });
