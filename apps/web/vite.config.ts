import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { entryPreloaded } from './entry-preloaded';

const preloaded = entryPreloaded();
/** An @ant-design/icons icon split into a chunk of its own (its name ends in Outlined, Filled or TwoTone). */
const ICON_CHUNK = /(Outlined|Filled|TwoTone)-[\w-]+\.js$/;

export default defineConfig({
  plugins: [
    react(),
    preloaded.plugin,
    // Brotli and gzip copies of every text asset, made once at build time at the highest levels
    // (too slow to do per request); the server sends the one the browser accepts.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      threshold: 512,
      skipIfLargerOrEqual: true,
      algorithms: [defineAlgorithm('brotliCompress', {}), defineAlgorithm('gzip', { level: 9 })],
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    modulePreload: {
      // A lazy page preloads what it needs beyond what the entry already loaded, except icons: each
      // is a tiny chunk of its own that the page's first parse fetches in parallel anyway, while
      // naming all of them in the entry's preload table cost every first visit ~1 KB gzip.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !preloaded.has(dep) && !ICON_CHUNK.test(dep)) : deps,
    },
    rolldownOptions: {
      output: {
        // React, the router and TanStack Query each as one chunk: every page loads all of each,
        // and one file compresses better than the half dozen the automatic split made of them
        // (the home page's first load: 3 KB gzip less). Only these modules, not their
        // dependencies, so nothing else moves.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'tanstack-query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
          ],
        },
      },
    },
  },
});
