export function ThinkingDots({ label }: { label: string }) {
  return (
    <span className="thinking-dots inline-flex items-center gap-1 py-2" role="status" aria-label={label}>
      <span className="size-1.5 rounded-full bg-zinc-400" />
      <span className="size-1.5 rounded-full bg-zinc-400" />
      <span className="size-1.5 rounded-full bg-zinc-400" />
    </span>
  );
}
