/** A dropdown menu's item (radix-ui DropdownMenu.Item), highlighted as the pointer or keyboard reaches it. */
export const MENU_ITEM =
  'flex cursor-default items-center gap-2 rounded px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800';

/** The menu's panel. */
export const MENU_CONTENT = 'z-50 min-w-40 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900';
