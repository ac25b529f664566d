import { fileURLToPath } from 'node:url';
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
        // The guest booking page (/book) is its own entry and never runs from the staff app's cache.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/book(\/|$)/, /^\/order(\/|$)/],
        globIgnores: ['book.html', 'order.html'],
        cleanupOutdatedCaches: true,
        // The first install takes the open page at once; a later version waits for the prompt.
        clientsClaim: true,
        skipWaiting: false,
        runtimeCaching: [],
      },
      devOptions: { enabled: false },
    }),
    // The staff app's manifest is not the guest page's: "install" on /book must not open the till.
    {
      name: 'sandbar-guest-page-no-manifest',
      enforce: 'post',
      transformIndexHtml: {
        order: 'post',
        handler: (html, ctx) =>
          ctx.filename.endsWith('book.html') || ctx.filename.endsWith('order.html')
            ? html.replace(/<link rel="manifest"[^>]*>/, '')
            : html,
      },
    },
    // Last: brotli and gzip twins of what the others wrote (vite-precompress.ts).
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Two entries: the staff app, and the guest's booking page (issue 24 point 4) — a small bundle
    // of React and its own page, without Mantine, the router, TanStack Query or zod.
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        book: fileURLToPath(new URL('book.html', import.meta.url)),
        // Issue 35: the guest's order page (/order/<token>, a QR code on the lounger), as small.
        order: fileURLToPath(new URL('order.html', import.meta.url)),
      },
    },
  },
});
