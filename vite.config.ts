import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compressDirectory } from './scripts/compressAssets';
import { writePreloadPages } from './scripts/preloadPages';
import { writeSignInPages } from './scripts/prerenderSignIn';
import { routesOfBuild } from './scripts/routeModules';
import { nameMergedDynamicEntries } from './scripts/viteManifest';

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

/** Once the build is written: the pages that preload a path's bundle and its screen's chunks, then brotli and gzip beside every text file. */
function preloadAndPrecompress(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'preload-and-precompress',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const dynamicEntries = chunks.flatMap((chunk) =>
        chunk.moduleIds.filter((id) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0).map((id) => ({ id, file: chunk.fileName })),
      );
      nameMergedDynamicEntries(outDir, root, dynamicEntries);
      writePreloadPages(outDir, await routesOfBuild(root, outDir));
      await writeSignInPages(outDir);
      compressDirectory(outDir);
    },
  };
}

export default defineConfig({
  plugins: [reactAdminInsideAppRouter(), react(), preloadAndPrecompress()],
  // The manifest lets the server preload a route's chunks (scripts/preloadPages.ts) and bench/bundle.ts follow them.
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    manifest: true,
    rolldownOptions: {
      // Copies common chunks under 16 KB into the chunks that use them (one shared module state): /partners needs about
      // 35 files instead of 96, and each costs a round trip on a slow link (HTTP/1.1, six at a time). bench:bundle.
      preserveEntrySignatures: false,
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 16 * 1024 } } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${apiPort}`, ws: true } },
  },
});
