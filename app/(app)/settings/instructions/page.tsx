import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { InstructionsForm } from '@/components/instructions/instructions-form';
import { requirePageUser } from '@/components/server/page-session';
import { PageHeader } from '@/components/ui/page-header';
import { loadPersonalInstructions } from '@/lib/chat/personal-instructions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('instructions'))('title') };
}

export default async function InstructionsPage() {
  const { app, user } = await requirePageUser();
  const t = await getTranslations('instructions');
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8">
        <PageHeader title={t('title')} lead={t('lead')} />
        <InstructionsForm initial={await loadPersonalInstructions(app.db, user.id)} />
      </div>
    </div>
  );
}
