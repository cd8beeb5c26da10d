// Binds the contract to the real ipcMain for one window (the only module that imports it).
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import type { Core } from '../core/app/createCore.ts';
import { bindContract, type ContractBinding } from './bindContract.ts';

export function bindWindow(
  window: BrowserWindow,
  core: Core,
  appOrigin: string,
  log: (line: string) => void,
): ContractBinding {
  const contents = window.webContents;
  return bindContract({
    ipcMain: ipcMain as unknown as Parameters<typeof bindContract>[0]['ipcMain'],
    core,
    isTrustedSender: (event) => {
      const frame = (event as IpcMainInvokeEvent).senderFrame;
      return (
        event.sender === contents &&
        frame !== null &&
        !contents.isDestroyed() &&
        frame === contents.mainFrame &&
        // By prefix: Node's URL gives a custom scheme the opaque origin "null".
        frame.url.startsWith(`${appOrigin}/`)
      );
    },
    send: (channel, payload) => {
      if (!contents.isDestroyed()) contents.send(channel, payload);
    },
    log,
  });
}
