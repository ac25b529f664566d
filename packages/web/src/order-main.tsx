import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GuestOrderApp } from './features/fnb-guest/guest-order-app';

// The guest's order page (issue 35 point 3, order.html): its own entry and bundle, like /book. It
// loads none of the staff app (no Mantine, router, TanStack Query, zod, service worker): a phone
// on the sand downloads React and this feature only.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <GuestOrderApp />
  </StrictMode>,
);
