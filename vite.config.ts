import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The shell. `npm run dev` runs this with hot reload in front of the API (API_ORIGIN);
// `npm run build` writes dist/, which the API server serves in production.
const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
  server: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/game': { target: apiOrigin, changeOrigin: false },
    },
  },
});
