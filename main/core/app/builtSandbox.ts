// Where the app finds its built local service: the sandbox built into plain JavaScript
// (vite.config.ts, `vite build --mode sandbox`), relative to the app's root (app.asar when
// packaged). The desktop app runs it with Electron as Node (no TypeScript runs from the
// packaged app); built browser mode runs it too.
export const BUILT_SANDBOX = 'dist/sandbox/main.js';
