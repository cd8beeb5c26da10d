// Where the desktop app finds its local service: the sandbox built into plain JavaScript
// (vite.config.ts, `vite build --mode sandbox`), relative to the app's root (app.asar when
// packaged). Electron runs it as Node; no TypeScript runs from the packaged app.
export const BUILT_SANDBOX = 'dist/sandbox/main.js';
