import { pwaUpdateStore } from './pwa-update';

/** Registers the service worker built by vite-plugin-pwa (production builds only). */
export async function startServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      pwaUpdateStore.set({ needRefresh: true, apply: () => void updateSW(true) });
    },
    onRegisteredSW(_url, registration) {
      // A tablet left open all day still learns about a new version: look every 30 minutes.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), 30 * 60_000);
    },
  });
}
