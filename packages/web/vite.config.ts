import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './vite-precompress';

export default defineConfig({
  plugins: [
    react(),
    // Installable app + offline shell (issue 13). The service worker precaches the built app (HTML,
    // JS, CSS, icons) so a reload opens with no network; it never answers an API call (those always
    // go to the network: data must never be served stale from a cache). A new version waits
    // ('prompt') until staff tap "New version — reload" at an idle moment, never mid-sale.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'logo.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Sandbar',
        short_name: 'Sandbar',
        description: 'Beach-club point of sale: units, sales, receipts and reports.',
        theme_color: '#0b7285',
        background_color: '#ffffff',
        display: 'standalone',
        orientation: 'any',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // Client routes load the cached app shell; the API, its docs and uploaded files never do.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        cleanupOutdatedCaches: true,
        // The first install takes the open page at once; a later version waits for the prompt.
        clientsClaim: true,
        skipWaiting: false,
        runtimeCaching: [],
      },
      devOptions: { enabled: false },
    }),
    // Last: brotli and gzip twins of what the others wrote (vite-precompress.ts).
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
});
