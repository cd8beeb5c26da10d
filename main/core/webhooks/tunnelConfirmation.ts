// A tunnel command is a program main runs, again at each start, with the user's rights: the
// page (which may be compromised, or simply wrong) must never be the one to decide it. A new
// or changed command is shown, exactly as it will run, to the user outside the page — the
// desktop app's native dialog (main/electron/tunnelDialog.ts) — and saved only when they
// allow it. Browser mode has no such dialog: there a command comes only from the command line
// (--tunnel-command) or the settings file, both written by the user, never by the page.
import { AppFailure, appError } from '../../../shared/appError.ts';
import { PORT_PLACEHOLDER, splitCommandLine } from './tunnelCommand.ts';

/** What is shown for the user's word: the program and its arguments, as they will be run. */
export interface TunnelCommandRequest {
  readonly workspaceName: string;
  readonly command: string;
  readonly program: string;
  readonly args: readonly string[];
  /** What {port} stands for, said in words. */
  readonly portNote: string;
}

/** Asks the user, outside the page; true only when they allowed it. */
export type ConfirmTunnelCommand = (request: TunnelCommandRequest) => Promise<boolean>;

export function tunnelCommandRequest(workspaceName: string, command: string): TunnelCommandRequest {
  const [program, ...args] = splitCommandLine(command);
  if (!program) throw new AppFailure(appError('tunnel.command_invalid', 'The tunnel command is empty.'));
  return {
    workspaceName,
    command,
    program,
    args,
    portNote: `${PORT_PLACEHOLDER} is replaced by the port of Clipdesk's webhook receiver on 127.0.0.1 (it changes at each start).`,
  };
}

/**
 * Decides whether a tunnel command the page asked for may be saved: unchanged commands pass;
 * a new one needs `confirm` (absent in browser mode) to say yes. Throws otherwise.
 */
export async function approveTunnelCommand(
  workspaceName: string,
  command: string,
  previous: string | null,
  confirm: ConfirmTunnelCommand | undefined,
): Promise<void> {
  if (command === previous) return;
  const request = tunnelCommandRequest(workspaceName, command);
  if (!confirm) throw new AppFailure(appError('tunnel.command_unconfirmed'));
  if (!(await confirm(request))) throw new AppFailure(appError('tunnel.command_declined'));
}
