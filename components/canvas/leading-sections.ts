/** About two screens of text: the sections a person opening a document sees first. */
const FIRST_SCREENS_CHARS = 6_000;

/**
 * The ids of the sections on a document's first screens (the first is always
 * one of them). The page hydrates them with the rest of the page and the
 * server sends them ready to edit; the others hydrate right after.
 */
export function leadingSectionIds(sections: ReadonlyArray<{ id: string; body: string }>): Set<string> {
  const leading = new Set<string>();
  let chars = 0;
  for (const section of sections) {
    if (leading.size > 0 && chars >= FIRST_SCREENS_CHARS) break;
    leading.add(section.id);
    chars += section.body.length;
  }
  return leading;
}
