'use client';

import { useCallback, useEffect, useState } from 'react';

const STORAGE_KEY = 'quire-insights-open';
const WIDE_SCREEN = '(min-width: 1280px)';

/** The side panel's open state: the person's last choice, else open on wide screens only. */
export function usePanelOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpenState] = useState(false);

  useEffect(() => {
    const stored = localStorage.getItem(STORAGE_KEY);
    setOpenState(stored === null ? matchMedia(WIDE_SCREEN).matches : stored === 'true');
  }, []);

  const setOpen = useCallback((next: boolean) => {
    localStorage.setItem(STORAGE_KEY, String(next));
    setOpenState(next);
  }, []);

  return [open, setOpen];
}
