'use client';

import type { LucideIcon } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';

interface NavLinkProps {
  href: string;
  icon: LucideIcon;
  /** another path prefix that also counts as this link's page */
  alsoActiveUnder?: string;
  children: React.ReactNode;
}

export function NavLink({ href, icon: Icon, alsoActiveUnder, children }: NavLinkProps) {
  const pathname = usePathname();
  const active = pathname === href || (!!alsoActiveUnder && pathname.startsWith(alsoActiveUnder));
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex items-center gap-2.5 rounded-md px-2 py-1.5 text-sm text-zinc-700 hover:bg-zinc-200/60 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-300 dark:hover:bg-zinc-800',
        active && 'bg-zinc-200/80 font-medium text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50',
      )}
    >
      <Icon className="size-4 text-zinc-500" aria-hidden />
      {children}
    </Link>
  );
}
