import { BrandMark } from '@/components/app-shell/brand-mark';
import { NotFoundNotice } from '@/components/app-shell/not-found-notice';

// an address Quire does not have at all
export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 dark:bg-zinc-950">
      <header className="px-6 py-4">
        <BrandMark />
      </header>
      <main className="flex-1">
        <NotFoundNotice />
      </main>
    </div>
  );
}
