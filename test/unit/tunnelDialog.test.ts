// The desktop app's dialog before a tunnel command is saved (main/electron/tunnelDialog.ts):
// it shows the program and each argument exactly, "Don't run it" is the default and what
// Escape answers, and only the explicit "Run this command" allows it. Electron's dialog is the
// one part stood in for (its binary is absent here).
import { describe, expect, it } from 'vitest';
import type { MessageBoxOptions } from 'electron';
import { tunnelCommandRequest } from '../../main/core/webhooks/tunnelConfirmation.ts';
import { confirmTunnelWithDialog, tunnelDialogOptions } from '../../main/electron/tunnelDialog.ts';

const request = tunnelCommandRequest('Studio', `ngrok http {port} --log 'std out'`);

describe('the tunnel command dialog', () => {
  it('shows exactly the program and arguments that will run, with "Don’t run it" as the default', () => {
    const options = tunnelDialogOptions(request);
    expect(options.detail).toContain('Program:\n  ngrok\n');
    expect(options.detail).toContain('  "http"\n  "{port}"\n  "--log"\n  "std out"');
    expect(options.buttons![options.defaultId!]).toBe("Don't run it");
    expect(options.cancelId).toBe(options.defaultId);
  });

  it('allows the command only on "Run this command"', async () => {
    for (const [response, allowed] of [
      [1, true],
      [0, false],
    ] as const) {
      const shown: MessageBoxOptions[] = [];
      const confirm = confirmTunnelWithDialog(
        async (_window, options) => {
          shown.push(options);
          return { response, checkboxChecked: false };
        },
        () => null,
      );
      expect(await confirm(request)).toBe(allowed);
      expect(shown[0]!.buttons![response]).toBe(allowed ? 'Run this command' : "Don't run it");
    }
  });
});
