// The preload of the app's window (sandboxed, context-isolated): exposes the contract as
// window.clipdesk. Bundled to one CommonJS file (dist/preload/preload.cjs) by `npm run build`.
import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from './bridge.ts';

contextBridge.exposeInMainWorld('clipdesk', createBridge(ipcRenderer));
