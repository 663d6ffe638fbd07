'use client';

import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { fetchJson } from '@/components/api/fetch-json';
import { useVisiblePoll } from '@/components/api/use-visible-poll';
import type { WalletJson } from '@/components/api/api-types';

const POLL_MS = 5_000;

interface WalletState {
  wallet: WalletJson;
  /** call after anything that spends or adds credits */
  refresh: () => void;
}

const WalletContext = createContext<WalletState | null>(null);

/** The person's balance, polled while the tab is visible and refreshed after each turn. */
export function WalletProvider({ initial, children }: { initial: WalletJson; children: React.ReactNode }) {
  const [wallet, setWallet] = useState(initial);

  const refresh = useCallback(() => {
    fetchJson<WalletJson>('/api/wallet').then(setWallet, (error: unknown) => {
      console.warn('Could not refresh the wallet', error);
    });
  }, []);

  useVisiblePoll(refresh, POLL_MS);

  // a new value on every render of the shell would re-render every reader (and hydrate any part of the page still waiting to)
  const value = useMemo(() => ({ wallet, refresh }), [wallet, refresh]);
  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}

export function useWallet(): WalletState {
  const state = useContext(WalletContext);
  if (!state) throw new Error('useWallet needs a WalletProvider above it.');
  return state;
}
