'use client';

import { useEffect, useMemo, useState } from 'react';
import { parseSection, type ProseMirrorJSON } from '@/lib/documents/canvas';
import { whenIdle } from './idle-queue';

/**
 * The section's schema JSON, or null while only the cheap preview is shown.
 * Parsed at once when the section is near the viewport (its editor needs it),
 * otherwise in an idle period after the page has become interactive.
 */
export function useSectionDoc(body: string, needed: boolean): ProseMirrorJSON | null {
  const [idle, setIdle] = useState<{ body: string; doc: ProseMirrorJSON } | null>(null);
  const ready = idle?.body === body ? idle.doc : null;
  const doc = useMemo(() => ready ?? (needed ? parseSection(body) : null), [ready, needed, body]);
  useEffect(() => {
    if (doc) return;
    return whenIdle(() => setIdle({ body, doc: parseSection(body) }));
  }, [doc, body]);
  return doc;
}
