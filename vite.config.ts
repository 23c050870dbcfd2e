import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { flagIcons } from './src/client/vite-plugins/flag-icons.ts';

const root = fileURLToPath(new URL('./src/client', import.meta.url));

export default defineConfig({
  root,
  base: '/build/',
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [react(), flagIcons()],
  build: {
    outDir: fileURLToPath(new URL('./build', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
