'use client';

import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY } from './theme-script';

export type ThemePreference = 'light' | 'dark' | 'system';

interface ThemeState {
  /** null until the stored choice was read after mounting */
  preference: ThemePreference | null;
  resolved: 'light' | 'dark';
  setPreference: (preference: ThemePreference) => void;
}

interface ThemeStore {
  subscribe(listener: () => void): () => void;
  current(): ThemeState;
  /** what the server rendered with: the stored choice is unknown there */
  initial(): ThemeState;
  /** reads the stored choice and follows the system's; returns the cleanup */
  start(): () => void;
}

function readPreference(): ThemePreference {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(THEME_STORAGE_KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

function createThemeStore(): ThemeStore {
  const listeners = new Set<() => void>();
  let preference: ThemePreference | null = null;
  let systemDark = false;
  const setPreference = (next: ThemePreference) => {
    localStorage.setItem(THEME_STORAGE_KEY, next);
    update(next, systemDark);
  };
  const snapshot = (): ThemeState => ({
    preference,
    resolved: preference === null || preference === 'system' ? (systemDark ? 'dark' : 'light') : preference,
    setPreference,
  });
  const initial = snapshot();
  let state = initial;
  function update(nextPreference: ThemePreference, nextSystemDark: boolean) {
    preference = nextPreference;
    systemDark = nextSystemDark;
    state = snapshot();
    document.documentElement.classList.toggle('dark', state.resolved === 'dark');
    document.documentElement.style.colorScheme = state.resolved;
    for (const listener of listeners) listener();
  }
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => state,
    initial: () => initial,
    start() {
      const media = matchMedia('(prefers-color-scheme: dark)');
      update(readPreference(), media.matches);
      const onChange = (event: MediaQueryListEvent) => update(preference ?? 'system', event.matches);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
  };
}

const ThemeContext = createContext<ThemeStore | null>(null);

/**
 * Owns the `dark` class on <html> after ThemeScript set it before the first
 * paint. The context holds a store that never changes, and the few
 * components that show the theme subscribe to it: a context value changing
 * as the page starts would make React hydrate every part of the page still
 * waiting to hydrate (a long document's sections) at once, to look for readers.
 */
export function ThemeProvider({ children }: { children: React.ReactNode }) {
  const [store] = useState(createThemeStore);
  useEffect(() => store.start(), [store]);
  return <ThemeContext.Provider value={store}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const store = useContext(ThemeContext);
  if (!store) throw new Error('useTheme needs a ThemeProvider above it.');
  return useSyncExternalStore(store.subscribe, store.current, store.initial);
}
