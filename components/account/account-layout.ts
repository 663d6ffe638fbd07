export { MIN_PASSWORD_LENGTH as MIN_PASSWORD } from '@/lib/auth/password-rules';

/** one part of the account page: a card on a wide screen, the full width on a phone */
export const SECTION_CLASS =
  'flex flex-col gap-5 rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900';
