import { Lock } from 'lucide-react';

export function ClosedBanner({ text }: { text: string }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-4 pb-2 sm:px-6" data-testid="closed-banner">
      <p
        role="status"
        className="flex items-center gap-2 rounded-xl border border-zinc-200 bg-zinc-50 px-4 py-2.5 text-sm text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
      >
        <Lock className="size-4 shrink-0" aria-hidden />
        {text}
      </p>
    </div>
  );
}
