import type { Db } from '@/lib/db/client';

export interface PersonalInstructions {
  aboutMe: string;
  answerStyle: string;
}

/** A person's "About me" and "How to answer" ('' each until they write some). */
export async function loadPersonalInstructions(db: Db, userId: string): Promise<PersonalInstructions> {
  const row = await db.personalInstructions.findUnique({ where: { userId }, select: { aboutMe: true, answerStyle: true } });
  return row ?? { aboutMe: '', answerStyle: '' };
}

/** Saves both at once, trimmed: from the next turn on every chat of the person's carries them. */
export async function savePersonalInstructions(db: Db, userId: string, input: PersonalInstructions): Promise<PersonalInstructions> {
  const data = { aboutMe: input.aboutMe.trim(), answerStyle: input.answerStyle.trim() };
  const row = await db.personalInstructions.upsert({
    where: { userId },
    create: { userId, ...data },
    update: data,
    select: { aboutMe: true, answerStyle: true },
  });
  return row;
}
