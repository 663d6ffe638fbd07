'use client';

import { useTranslations } from 'next-intl';

const KNOWN_KEYS = new Set(['os', 'device', 'phone_os', 'phone', 'tablet', 'app_version', 'plan', 'language']);

/** A slot key as a person reads it: known keys translated, `fact:company_name` → "company name". */
export function useKeyFactLabel(): (key: string) => string {
  const t = useTranslations('insights.slotKeys');
  return (key) => (KNOWN_KEYS.has(key) ? t(key) : key.replace(/^fact:/, '').replace(/_/g, ' '));
}
