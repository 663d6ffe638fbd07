'use client';

import { useTranslations } from 'next-intl';

// The offline simulator's labels carry an English note ("Sim Reasoner (offline demo model, thinks first)");
// the name stays, the note is said in the reader's language. Other labels are the operator's and stay as given.
const DEMO_NOTE = /^(.*) \(offline demo model(?:, (thinks first|free))?\)$/;
const EXTRA_KEYS = { 'thinks first': 'thinksFirst', free: 'free' } as const;

export function useModelLabel(): (label: string) => string {
  const t = useTranslations('chat.modelLabel');
  return (label) => {
    const match = DEMO_NOTE.exec(label);
    if (!match) return label;
    const extra = match[2] as keyof typeof EXTRA_KEYS | undefined;
    return t(extra ? 'demoWith' : 'demo', { name: match[1]!, extra: extra ? t(EXTRA_KEYS[extra]) : '' });
  };
}
