import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isSessionLost } from '../features/auth';
import { isApiError } from '../shared/api';
import { i18n } from '../shared/i18n';
import { ModalHost } from './modals/ModalHost';
import { RootScreen } from './RootScreen';

export function makeQueryClient() {
  return new QueryClient({
    // Any member call refused for a lost session ends the local session (SessionSync covers member info).
    queryCache: new QueryCache({ onError: (e) => void isSessionLost(e) }),
    mutationCache: new MutationCache({ onError: (e) => void isSessionLost(e) }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // Business errors (4xx envelopes) are answers, not glitches: do not retry them.
        retry: (count, e) => count < 2 && !(isApiError(e) && e.status >= 400 && e.status < 500),
      },
    },
  });
}

/** `client`: the boot's, when it has already asked for a page's first answers (main.tsx). */
export function App({ client: given }: { client?: QueryClient }) {
  const [client] = useState(() => given ?? makeQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RootScreen />
        <ModalHost />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
