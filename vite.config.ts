// Four builds, one file (`npm run build` runs them all):
//   vite build                  the renderer (renderer/) into dist/renderer
//   vite build --mode main      the Electron main process into dist/main/main.js (ESM; node_modules stay external)
//   vite build --mode preload   the preload into dist/preload/preload.cjs (one CommonJS file: sandboxed preloads cannot import)
//   vite build --mode sandbox   the local service into dist/sandbox/main.js (ESM, its npm packages bundled in), which
//                               the packaged app runs with Electron as Node: no TypeScript runs from app.asar
//   vite build --mode browser   browser mode into dist/browser/main.js (ESM, its npm packages bundled in), which
//                               `npm start` (without Electron) and `npm run start:browser` run
// Node 24 also runs browser mode's TypeScript as it is (`node main/browserMode/main.ts`), but
// resolving and loading some 500 modules one by one took most of its start (0.75–0.9 s to
// ready against 0.2–0.5 s bundled, with the compile cache warm): users wait for that on every launch.
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

const root = import.meta.dirname;
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/**
 * The UI font's Latin files in the three weights the tokens use (400, 500, 600), preloaded by
 * index.html: otherwise the browser asks for each only once text in it is laid out (traced:
 * 0.1-0.2 s after the page's scripts, once the first screen rendered), and the screen is laid
 * out again, in the other font, when it comes.
 */
function preloadUiFont(): Plugin {
  const FILE = /^assets\/inter-latin-(400|500|600)-normal-[\w-]+\.woff2$/;
  return {
    name: 'clipdesk-preload-ui-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        Object.keys(context.bundle ?? {})
          .filter((name) => FILE.test(name))
          .sort()
          .map((name) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `./${name}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          })),
    },
  };
}

const renderer: UserConfig = {
  root: resolve(root, 'renderer'),
  base: './',
  plugins: [react(), preloadUiFont()],
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

// What the bundle still reads beside it at run time: docs/render-semantics.md (two folders up,
// as from sandbox/openapi/) and the catalog's fonts in node_modules/@fontsource (catalogFonts.ts).
const sandbox: UserConfig = {
  build: {
    ssr: true,
    outDir: resolve(root, 'dist/sandbox'),
    emptyOutDir: true,
    target: 'node22',
    sourcemap: true,
    // Its own assets are read at run time, not copied into the build.
    assetsInlineLimit: 0,
    copyPublicDir: false,
    // Auto reframe's face detector runs in a worker thread: its own entry beside main.js.
    rolldownOptions: {
      input: { main: resolve(root, 'sandbox/main.ts'), faceWorker: resolve(root, 'sandbox/reframe/faceWorker.ts') },
      external: nodeBuiltins,
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
  // Every npm package it imports goes into the one file (none is native).
  ssr: { noExternal: true },
};

const browserMode: UserConfig = {
  build: {
    ssr: resolve(root, 'main/browserMode/main.ts'),
    outDir: resolve(root, 'dist/browser'),
    emptyOutDir: true,
    target: 'node22',
    sourcemap: true,
    // keytar is a native addon; ws loads its optional native helpers with a guarded require.
    rolldownOptions: {
      external: ['keytar', 'ws', ...nodeBuiltins],
      output: { format: 'es', entryFileNames: 'main.js' },
    },
  },
  ssr: { noExternal: true, external: ['keytar', 'ws'] },
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

const builds: Record<string, UserConfig> = { main: electronMain, preload, sandbox, browser: browserMode };

export default defineConfig(({ mode }) => builds[mode] ?? renderer);
