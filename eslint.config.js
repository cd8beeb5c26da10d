// The layers of ../shared/DESIGN.md, enforced: this file is their documentation.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
      {
        group: ['**/main/**', '**/renderer/**', '**/sandbox/**', '**/preload/**'],
        message: 'shared/ depends on nothing above it.',
      },
    ]),
  },
  {
    files: ['main/core/**'],
    rules: patterns([
      { group: ['electron'], message: 'main/core/ runs in plain Node (tests, browser mode): never import electron.' },
      { group: ['**/renderer/**', '**/sandbox/**', '**/preload/**'], message: 'main/core/ depends only on shared/.' },
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
      {
        group: ['**/renderer/**', '**/sandbox/**', '**/preload/**'],
        message: 'main/browserMode/ serves the built renderer; it imports main/ and shared/ only.',
      },
    ]),
  },
  {
    files: ['renderer/**'],
    rules: patterns([
      { group: nodeBuiltins, message: 'The renderer has no Node: talk to main through window.clipdesk.' },
      { group: ['electron', 'keytar', 'undici'], message: 'The renderer talks only through window.clipdesk.' },
      { group: ['**/main/**', '**/sandbox/**'], message: 'The renderer depends only on shared/.' },
    ]),
  },
  {
    files: ['preload/**'],
    rules: patterns([
      {
        group: ['**/main/**', '**/renderer/**', '**/sandbox/**'],
        message: 'preload/ exposes the shared contract only.',
      },
    ]),
  },
  {
    files: ['sandbox/**'],
    rules: patterns([
      {
        group: ['electron', '**/main/**', '**/renderer/**', '**/preload/**'],
        message: 'sandbox/ stands alone (it may use shared/ constants and code tables).',
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
);
