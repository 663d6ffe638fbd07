'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { fetchJson } from '@/components/api/fetch-json';
import { SECTION_CLASS } from '@/components/account/account-layout';
import { FormFooter } from '@/components/ui/form-footer';
import { INSTRUCTIONS_MAX_CHARS } from '@/lib/chat/limits';
import { InstructionsTextarea } from './instructions-textarea';

interface PersonalInstructionsJson {
  aboutMe: string;
  answerStyle: string;
}

/** Settings → Instructions: About you and How to answer, sent with every message of every chat. */
export function InstructionsForm({ initial }: { initial: PersonalInstructionsJson }) {
  const t = useTranslations('instructions');
  const [aboutMe, setAboutMe] = useState(initial.aboutMe);
  const [answerStyle, setAnswerStyle] = useState(initial.answerStyle);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ saved: true } | { error: string } | null>(null);
  const tooLong = aboutMe.length > INSTRUCTIONS_MAX_CHARS || answerStyle.length > INSTRUCTIONS_MAX_CHARS;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      const saved = await fetchJson<PersonalInstructionsJson>('/api/account/instructions', {
        method: 'PUT',
        body: { aboutMe, answerStyle },
      });
      setAboutMe(saved.aboutMe);
      setAnswerStyle(saved.answerStyle);
      setOutcome({ saved: true });
    } catch (caught) {
      setOutcome({ error: caught instanceof Error ? caught.message : String(caught) });
    } finally {
      setBusy(false);
    }
  }

  // a new edit takes back the last "Saved" or refusal
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    setOutcome(null);
  };

  return (
    <form onSubmit={submit} className={SECTION_CLASS} data-testid="instructions-form">
      <InstructionsTextarea id="about-me" label={t('aboutMe')} hint={t('aboutMeHint')} value={aboutMe} onChange={edited(setAboutMe)} />
      <InstructionsTextarea
        id="answer-style"
        label={t('answerStyle')}
        hint={t('answerStyleHint')}
        value={answerStyle}
        onChange={edited(setAnswerStyle)}
      />
      {outcome && 'saved' in outcome && (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {t('saved')}
        </p>
      )}
      <FormFooter
        error={outcome && 'error' in outcome ? t('failed', { message: outcome.error }) : null}
        busy={busy || tooLong}
        label={t('save')}
        busyLabel={busy ? t('saving') : t('save')}
      />
    </form>
  );
}
