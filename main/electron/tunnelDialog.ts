// The desktop app's question before a tunnel command is saved (core: tunnelConfirmation.ts):
// a native dialog, outside the page, showing exactly the program and arguments that will run.
// "Don't run" is the default and what Escape answers.
import type { BrowserWindow, MessageBoxOptions, MessageBoxReturnValue } from 'electron';
import type { ConfirmTunnelCommand, TunnelCommandRequest } from '../core/webhooks/tunnelConfirmation.ts';

type ShowMessageBox = (window: BrowserWindow | null, options: MessageBoxOptions) => Promise<MessageBoxReturnValue>;

export function tunnelDialogOptions(request: TunnelCommandRequest): MessageBoxOptions {
  const args = request.args.length > 0 ? request.args.map((a) => `  ${JSON.stringify(a)}`).join('\n') : '  (none)';
  return {
    type: 'warning',
    title: 'Run a tunnel command?',
    message: `Allow Clipdesk to run this program for “${request.workspaceName}”, now and each time this workspace is active?`,
    detail: `Program:\n  ${request.program}\nArguments:\n${args}\n\n${request.portNote}\nIt runs with your rights. Allow it only if you typed it.`,
    buttons: ["Don't run it", 'Run this command'],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
}

export function confirmTunnelWithDialog(
  show: ShowMessageBox,
  window: () => BrowserWindow | null,
): ConfirmTunnelCommand {
  return async (request) => (await show(window(), tunnelDialogOptions(request))).response === 1;
}
