/**
 * Deterministic choices: the simulator must give the same answer to the same
 * request, yet vary between requests the way a real model does.
 */
export function hashText(text: string): number {
  // FNV-1a, 32 bit: tiny, stable across runtimes.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function pick<T>(items: readonly T[], seed: string): T {
  return items[hashText(seed) % items.length];
}

/** A stable pseudo-random order of `items` for `seed`. */
export function seededOrder<T>(items: readonly T[], seed: string): T[] {
  return items
    .map((item, index) => ({ item, key: hashText(`${seed}#${index}`) }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
}
