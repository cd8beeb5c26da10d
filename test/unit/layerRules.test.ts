// The layers ESLint keeps (eslint.config.js), checked on the real configuration: a file in a
// folder that must run without Electron (main/core, browser mode) may not import it.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function problems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer rules', () => {
  it('browser mode may not import electron, nor the Electron shell', async () => {
    expect(await problems('main/browserMode/x.ts', "import { app } from 'electron';\nvoid app;\n")).toEqual([
      expect.stringContaining('no Electron'),
    ]);
    expect(
      await problems(
        'main/browserMode/x.ts',
        "import { installMenu } from '../electron/menu.ts';\nvoid installMenu;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems(
        'main/browserMode/x.ts',
        "import { createCore } from '../core/app/createCore.ts';\nvoid createCore;\n",
      ),
    ).toEqual([]);
  });

  it('main/core may not import electron; the Electron shell may', async () => {
    expect(await problems('main/core/x.ts', "import { app } from 'electron';\nvoid app;\n")).toHaveLength(1);
    expect(await problems('main/electron/x.ts', "import { app } from 'electron';\nvoid app;\n")).toEqual([]);
  });
});
