import type { LucideIcon } from 'lucide-react';
import Link from 'next/link';

/** A page that only says something went nowhere (a 404, a spent invitation): an icon, a title, why, and one way on. */
export function NoticePage({
  icon: Icon,
  title,
  text,
  link,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  link: { href: string; label: string };
  testId: string;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-16 text-center" data-testid={testId}>
      <span className="grid size-12 place-items-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
        <Icon className="size-6" aria-hidden />
      </span>
      <h1 className="text-lg font-semibold">{title}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
      <Link
        href={link.href}
        className="mt-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      >
        {link.label}
      </Link>
    </div>
  );
}
