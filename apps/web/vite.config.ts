import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { scalarStandalone } from './scalar-standalone';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), scalarStandalone()],
  resolve: { conditions: ['@printloop/source'] },
  build: { sourcemap: false, target: 'es2022' },
  worker: { format: 'es' },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/v1': 'http://localhost:3000' } },
});
