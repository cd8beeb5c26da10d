// The layers of ../shared/DESIGN.md, enforced: this file is their documentation.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import layers from './eslint-rules/layers.js';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'child_process',
  'http',
  'https',
  'net',
  'crypto',
  'stream',
  'url',
  'worker_threads',
];
const above = (...folders) => folders.map((f) => `${f}/**`);
// Every row: files in `files` (less `except`) may not import `mayNotImport` (less `unless`).
const LAYERS = [
  {
    layer: 'shared/',
    files: ['shared/**'],
    mayNotImport: above('main', 'renderer', 'sandbox', 'preload', 'test', 'bench', 'scripts'),
    because: 'shared/ is pure and depends on nothing above it.',
  },
  {
    layer: 'main/',
    files: ['main/**'],
    mayNotImport: above('renderer', 'sandbox', 'preload', 'test', 'bench', 'scripts'),
    because: 'main/ depends on main/core/ and shared/ only; the service it talks to is remote.',
  },
  {
    layer: 'main/core/',
    files: ['main/core/**'],
    mayNotImport: above('main/electron', 'main/browserMode', 'main/ipc'),
    because: 'main/core/ runs in plain Node under either shell; the shells build on it, not the reverse.',
  },
  {
    layer: 'a main/core domain',
    files: ['main/core/**'],
    except: ['main/core/app/**'],
    mayNotImport: ['main/core/app/**'],
    because: 'app/ holds only the composition root and the request handlers; domains never import it.',
  },
  {
    layer: 'main/browserMode/',
    files: ['main/browserMode/**'],
    mayNotImport: above('main/electron'),
    because: 'browser mode runs where there is no Electron.',
  },
  {
    layer: 'preload/',
    files: ['preload/**'],
    mayNotImport: above('main', 'renderer', 'sandbox', 'test', 'bench'),
    because: 'preload/ exposes the shared contract only.',
  },
  {
    layer: 'renderer/',
    files: ['renderer/**'],
    mayNotImport: above('main', 'sandbox', 'preload', 'test', 'bench', 'scripts'),
    because: 'the renderer depends only on shared/ and talks to main through window.clipdesk.',
  },
  {
    layer: 'the renderer below its screens',
    files: above(
      'renderer/stores',
      'renderer/model',
      'renderer/preview',
      'renderer/components',
      'renderer/client',
      'renderer/keymap',
      'renderer/theme',
    ),
    mayNotImport: ['renderer/screens/**', 'renderer/App.tsx', 'renderer/main.tsx'],
    because: 'screens import stores, the preview and components, never the reverse.',
  },
  {
    layer: 'a renderer store',
    files: above('renderer/stores', 'renderer/model', 'renderer/client'),
    mayNotImport: ['renderer/**/*.tsx'],
    because: 'stores and the model hold state and logic, not UI.',
  },
  {
    layer: "the renderer's model",
    files: above('renderer/model', 'renderer/client'),
    mayNotImport: ['renderer/**'],
    unless: above('renderer/model', 'renderer/client'),
    because: 'the model and the bridge to main are pure: they know no store, screen or component.',
  },
  {
    layer: 'sandbox/',
    files: ['sandbox/**'],
    mayNotImport: above('main', 'renderer', 'preload', 'test', 'bench', 'scripts'),
    because: 'sandbox/ stands alone on shared/ (pure code, the timeline model included); the app never imports it.',
  },
  {
    layer: "the sandbox's HTTP and storage plumbing",
    files: above('sandbox/http', 'sandbox/db', 'sandbox/auth'),
    mayNotImport: ['sandbox/**'],
    // context.ts is the service's composition, by type only: every part may name it.
    unless: [...above('sandbox/http', 'sandbox/db', 'sandbox/auth'), 'sandbox/clock.ts', 'sandbox/context.ts'],
    because: 'the plumbing sits under every domain of the service.',
  },
  {
    layer: 'a sandbox module below the routes',
    files: ['sandbox/**'],
    except: ['sandbox/**/*Routes.ts', 'sandbox/server.ts', 'sandbox/routeModules.ts', 'sandbox/main.ts'],
    mayNotImport: ['sandbox/**/*Routes.ts', 'sandbox/server.ts', 'sandbox/routeModules.ts', 'sandbox/main.ts'],
    because: 'routes sit above stores and jobs: move what both need below the routes.',
  },
  {
    layer: 'product code',
    files: above('shared', 'main', 'preload', 'renderer', 'sandbox'),
    mayNotImport: above('test', 'bench'),
    because: 'nothing imports tests or benchmarks.',
  },
];
const patterns = (groups) => ({ 'no-restricted-imports': ['error', { patterns: groups }] });

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.tools/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests read loosely-typed JSON from the sandbox on purpose; `any` is fine there, not on a boundary.
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['shared/**'],
    rules: patterns([
      { group: nodeBuiltins, message: 'shared/ is pure: no Node built-ins.' },
      {
        group: ['electron', 'react', 'react-dom', 'undici', 'keytar'],
        message: 'shared/ is pure: no electron, react or I/O libraries.',
      },
    ]),
  },
  {
    files: ['main/core/**'],
    rules: patterns([
      { group: ['electron'], message: 'main/core/ runs in plain Node (tests, browser mode): never import electron.' },
    ]),
  },
  {
    // Browser mode is the shell where Electron is missing: importing it would fail at start.
    files: ['main/browserMode/**'],
    rules: patterns([
      {
        // The pattern also matches a path through main/electron/: the Electron shell's code is not for here either.
        group: ['electron'],
        message: 'main/browserMode/ runs in plain Node, where there is no Electron (nor main/electron/).',
      },
    ]),
  },
  {
    files: ['renderer/**'],
    rules: patterns([
      { group: nodeBuiltins, message: 'The renderer has no Node: talk to main through window.clipdesk.' },
      { group: ['electron', 'keytar', 'undici'], message: 'The renderer talks only through window.clipdesk.' },
    ]),
  },
  {
    files: ['sandbox/**'],
    rules: patterns([
      {
        group: ['electron'],
        message: 'sandbox/ stands alone: it is a plain Node service.',
      },
    ]),
  },
  {
    // Only the IPC binding modules may touch Electron's IPC objects directly.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['main/ipc/**', 'preload/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportSpecifier[imported.name=/^ipc(Main|Renderer)$/]',
          message: 'Use the typed contract bindings in main/ipc or preload/.',
        },
      ],
    },
  },
  {
    // The layer table: who may import whom, at every depth (eslint-rules/layers.js). Each row is
    // one arrow that must never point up the picture in ../shared/DESIGN.md.
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { clipdesk: { rules: { layers } } },
    rules: { 'clipdesk/layers': ['error', LAYERS] },
  },
  {
    // No import circle in product code (type-only imports have no runtime effect and are allowed).
    files: ['shared/**/*.ts', 'main/**/*.ts', 'preload/**/*.ts', 'renderer/**/*.{ts,tsx}', 'sandbox/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
