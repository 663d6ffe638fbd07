'use client';

import { Tooltip } from 'radix-ui';
import { Toaster } from 'sonner';
import { ThemeProvider, useTheme } from './theme-provider';

function ThemedToaster() {
  const { resolved } = useTheme();
  return <Toaster position="bottom-right" theme={resolved} richColors closeButton />;
}

export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <ThemeProvider>
      <Tooltip.Provider delayDuration={200}>
        {children}
        <ThemedToaster />
      </Tooltip.Provider>
    </ThemeProvider>
  );
}
