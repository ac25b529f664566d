import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GuestApp } from './features/guest-booking/pages/guest-app';

// The guest's booking page (issue 24 point 4, book.html): its own entry and bundle. It loads none
// of the staff app (no Mantine, router, TanStack Query, zod, service worker): a phone on a beach
// link downloads React and this feature only.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <GuestApp />
  </StrictMode>,
);
