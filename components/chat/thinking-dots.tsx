/** Three dots while an answer is on its way; `visible` also writes the label out (a model that thinks first can take a while). */
export function ThinkingDots({ label, visible = false }: { label: string; visible?: boolean }) {
  return (
    <span
      className="inline-flex items-center gap-2 py-2"
      role="status"
      aria-label={label}
      data-testid={visible ? 'thinking-label' : undefined}
    >
      <span className="thinking-dots inline-flex items-center gap-1">
        <span className="size-1.5 rounded-full bg-zinc-400" />
        <span className="size-1.5 rounded-full bg-zinc-400" />
        <span className="size-1.5 rounded-full bg-zinc-400" />
      </span>
      {visible && (
        <span className="text-sm text-zinc-500 dark:text-zinc-400" aria-hidden>
          {label}
        </span>
      )}
    </span>
  );
}
