import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server in development (`npm run dev` starts it on this port). */
const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // The public portal page is rendered by the server (features/settings/portal-page.ts).
    proxy: { '/api': server, '/dev': server, '/healthz': server, '/portal': server },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui|dayjs|clsx)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
