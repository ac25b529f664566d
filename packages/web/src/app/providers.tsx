import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import i18n from './i18n';
import { buildTheme, cssVariablesResolver } from './theme';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // networkMode 'always' (issue 23): TanStack Query would otherwise *pause* every query and
    // mutation while the browser says it is offline — the spinner that never ends. The API client
    // has its own timeouts and the tablet's kept copy answers reads offline, so always run.
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** Everything a screen needs around it; tests render through the same providers. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedApp>
        {/* Toasts: top center, 3000 ms (spec section 9). */}
        <Notifications position="top-center" autoClose={3000} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ThemedApp>
    </I18nextProvider>
  );
}

/** The Mantine theme follows the language (its close buttons are named in it). */
function ThemedApp({ children }: { children: ReactNode }) {
  const { t, i18n: i } = useTranslation();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const theme = useMemo(() => buildTheme(t), [t, i.language]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
