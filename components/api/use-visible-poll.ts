'use client';

import { useEffect } from 'react';

/** Calls `refresh` every `everyMs` while the tab is visible, and at once when it becomes visible again. */
export function useVisiblePoll(refresh: () => void, everyMs: number): void {
  useEffect(() => {
    const refreshIfVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    const timer = setInterval(refreshIfVisible, everyMs);
    document.addEventListener('visibilitychange', refreshIfVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refreshIfVisible);
    };
  }, [refresh, everyMs]);
}
