import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

// The dev server forwards /v1 (and the API reference at /docs) to the API started by
// `npm run dev`, so the app uses one origin in development exactly as in production.
/** The lazy screens whose shared chunks still download with them (see build.modulePreload). */
const PRELOADED_SCREENS = /\/(login|dashboard)-screen-/;

const apiPort = Number(process.env.API_PORT ?? 8081);

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies beside each script, style and page (not the source maps), which
    // the server sends as they are to a browser that accepts them (server/http/web.ts): the
    // JavaScript crosses the network at about a quarter of its size, compressed once, at build.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/] }),
  ],
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/v1': `http://127.0.0.1:${apiPort}`, '/docs': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The manifest lets `npm run bench` measure exactly the JS a given screen loads.
    manifest: true,
    // Vite lists every lazy screen's shared chunks in the entry so they download alongside the
    // screen: ~90 file names the first screen pays for (2 KiB gzip, growing with each screen).
    // Only the screens people land on keep that list (login, and the dashboard after it); any
    // other screen fetches its shared chunks after its own, one round trip more on its first
    // visit, most of them already cached by then.
    modulePreload: { resolveDependencies: (file, deps) => (PRELOADED_SCREENS.test(file) ? deps : []) },
  },
});
