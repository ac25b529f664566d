import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { installOfflineBoard } from '../features/offline/lib/offline-board';
import { setUnauthorizedHandler } from '../lib/api';
import { saleQueue } from '../lib/sale-queue';
import { readAV, withAV } from '../lib/av';
import { sessionKeys } from '../lib/session';
import { tokenStore } from '../lib/token';
import { FeatureComposition } from './composition';
import { keepCatalogue } from './keep-catalogue';
import { AppProviders, createQueryClient } from './providers';
import { createRouter } from './router';
import { warmStart } from './warm-start';

export function App() {
  const [queryClient] = useState(() => {
    const qc = createQueryClient();
    // Offline board (issue 13): kept answers stand in only when the server is unreachable.
    installOfflineBoard(qc);
    // Sales kept on this tablet while offline: send them, and show each on the board once sent.
    saleQueue.onSent(() => void qc.invalidateQueries());
    void saleQueue.load();
    keepCatalogue(qc);
    warmStart(qc, window.location);
    return qc;
  });
  const [router] = useState(() => {
    const r = createRouter();
    // A 401 clears the token and returns to login, in-app, keeping AV (spec section 8).
    setUnauthorizedHandler(() => {
      tokenStore.clear();
      queryClient.setQueryData(sessionKeys.user, null);
      if (!r.state.location.pathname.startsWith('/login')) {
        void r.navigate(withAV('/login', readAV(r.state.location.search)), { replace: true });
      }
    });
    return r;
  });
  return (
    <AppProviders queryClient={queryClient}>
      <FeatureComposition>
        <RouterProvider router={router} />
      </FeatureComposition>
    </AppProviders>
  );
}
