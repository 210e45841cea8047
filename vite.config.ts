import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = process.env.PORT ?? '8080';

/** See src/admin/reactRouterInsideAppRouter.ts: keeps react-admin's unused fallback router out of the build. */
function reactAdminInsideAppRouter(): Plugin {
  const replacement = fileURLToPath(new URL('./src/admin/reactRouterInsideAppRouter.ts', import.meta.url));
  return {
    name: 'react-admin-inside-app-router',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'react-router-dom' && importer && /ra-core[\\/]dist[\\/]routing[\\/]adapters[\\/]/.test(importer)) {
        return replacement;
      }
      return null;
    },
  };
}

export default defineConfig({
  plugins: [reactAdminInsideAppRouter(), react()],
  // The manifest lets bench/bundle.ts follow the sign-in page's chunks.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 2000, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${apiPort}`, ws: true } },
  },
});
