import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The dev server forwards /v1 (and the API reference at /docs) to the API started by
// `npm run dev`, so the app uses one origin in development exactly as in production.
const apiPort = Number(process.env.API_PORT ?? 8081);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/v1': `http://127.0.0.1:${apiPort}`, '/docs': `http://127.0.0.1:${apiPort}` },
  },
  // The manifest lets `npm run bench` measure exactly the JS a given screen loads.
  build: { outDir: 'dist', sourcemap: true, manifest: true },
});
