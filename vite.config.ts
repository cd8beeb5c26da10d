// Three builds, one file (`npm run build` runs all three):
//   vite build                  the renderer (renderer/) into dist/renderer
//   vite build --mode main      the Electron main process into dist/main/main.js (ESM; node_modules stay external)
//   vite build --mode preload   the preload into dist/preload/preload.cjs (one CommonJS file: sandboxed preloads cannot import)
// Browser mode and the core need no build: Node 24 runs their TypeScript as it is.
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

const root = import.meta.dirname;
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

const renderer: UserConfig = {
  root: resolve(root, 'renderer'),
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve(root, 'dist/renderer'),
    emptyOutDir: true,
    // No inline scripts or styles: the page's CSP allows only its own files.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: true,
  },
};

const electronMain: UserConfig = {
  build: {
    ssr: resolve(root, 'main/electron/main.ts'),
    outDir: resolve(root, 'dist/main'),
    emptyOutDir: true,
    target: 'node22',
    sourcemap: true,
    rolldownOptions: { external: ['electron', ...nodeBuiltins], output: { format: 'es', entryFileNames: 'main.js' } },
  },
  ssr: { noExternal: [] },
};

const preload: UserConfig = {
  build: {
    outDir: resolve(root, 'dist/preload'),
    emptyOutDir: true,
    target: 'chrome140',
    minify: false,
    lib: { entry: resolve(root, 'preload/preload.ts'), formats: ['cjs'], fileName: () => 'preload.cjs' },
    rolldownOptions: { external: ['electron'] },
  },
};

export default defineConfig(({ mode }) => (mode === 'main' ? electronMain : mode === 'preload' ? preload : renderer));
