import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isApiError } from '../shared/api';
import { i18n } from '../shared/i18n';
import { ModalHost } from './modals/ModalHost';
import { RootScreen } from './RootScreen';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // Business errors (4xx envelopes) are answers, not glitches: do not retry them.
        retry: (count, e) => count < 2 && !(isApiError(e) && e.status >= 400 && e.status < 500),
      },
    },
  });
}

export function App() {
  const [client] = useState(makeQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RootScreen />
        <ModalHost />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
