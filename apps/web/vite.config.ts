// Vite build and dev server of the web app. The API is same-origin in production (the server hosts dist/);
// in development /api is proxied to the local server so cookies and the X-Source check behave the same.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';

const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
  css: { postcss: { plugins: [postcssPresetMantine()] } },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true, chunkSizeWarningLimit: 900 },
});
