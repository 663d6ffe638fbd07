'use client';

import { useEffect, useState } from 'react';

/** False in the server's HTML and until React runs in the page (hydrated), then true. */
export function useInteractive(): boolean {
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  return interactive;
}
