import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// Issue 26: every screen thumb-sized (the body carries the class, index.html).
import './app/touch-targets.css';
import './app/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startServiceWorker } from './features/offline/lib/register-sw';
import { releaseHoldsOnPageHide } from './features/sale/hold-release';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Installable app and offline shell (issue 13): production builds only.
void startServiceWorker();

// Holds belong to the tablet (issue 26): a closed page gives its order's units back at once.
releaseHoldsOnPageHide();
