import { Feather } from 'lucide-react';
import Link from 'next/link';

export function BrandMark() {
  return (
    <Link
      href="/"
      className="flex items-center gap-2 rounded-md text-[15px] font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      <span className="grid size-7 place-items-center rounded-lg bg-indigo-600 text-white shadow-sm">
        <Feather className="size-4" aria-hidden />
      </span>
      Quire
    </Link>
  );
}
