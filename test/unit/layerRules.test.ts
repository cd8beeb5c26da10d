// The layers ESLint keeps (eslint.config.js), checked on the real configuration: a file in a
// folder that must run without Electron (main/core, browser mode) may not import it; an import
// that runs back up a layer, at any depth (eslint-rules/layers.js), fails `npm run lint`; so
// does an import circle.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function problems(path: string, code: string, rule = 'no-restricted-imports'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}
const layering = (path: string, from: string) =>
  problems(path, `import * as imported from '${from}';\nvoid imported;\n`, 'clipdesk/layers');

// The first lint of a run loads the TypeScript parser and reads the import graph: seconds on a busy machine.
describe('layer rules', { timeout: 60_000 }, () => {
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

  it('the top layers: shared/ imports nothing above it, the app never imports the sandbox', async () => {
    expect(await layering('shared/timeline/x.ts', '../../main/core/app/createCore.ts')).toEqual([
      expect.stringContaining('shared/ is pure'),
    ]);
    expect(await layering('renderer/stores/x.ts', '../../sandbox/editor/timelineStore.ts')).toHaveLength(1);
    expect(await layering('main/core/jobs/x.ts', '../../../sandbox/server.ts')).toHaveLength(1);
    expect(await layering('sandbox/editor/x.ts', '../../main/core/jobs/outbox.ts')).toHaveLength(1);
    expect(await layering('main/core/app/x.ts', '../../electron/menu.ts')).toHaveLength(1);
    expect(await layering('sandbox/editor/x.ts', '../../shared/timeline/timelineTypes.ts')).toEqual([]);
  });

  it('inside main/core, a domain never imports the composition root or its handlers', async () => {
    expect(await layering('main/core/jobs/x.ts', '../app/createCore.ts')).toEqual([
      expect.stringContaining('a main/core domain'),
    ]);
    expect(await layering('main/core/webhooks/deep/x.ts', '../../app/anything.ts')).toHaveLength(1);
    expect(await layering('main/core/app/x.ts', '../jobs/outbox.ts')).toEqual([]);
  });

  it('inside the renderer, nothing below the screens imports a screen, and stores hold no UI', async () => {
    expect(await layering('renderer/stores/x.ts', '../screens/media/mediaView.ts')).toEqual([
      expect.stringContaining('the renderer below its screens'),
    ]);
    expect(await layering('renderer/preview/x.ts', '../screens/timeline/editActions.ts')).toHaveLength(1);
    expect(await layering('renderer/components/x.tsx', '../screens/settings/FormError.tsx')).toHaveLength(1);
    expect(await layering('renderer/stores/x.ts', '../components/Button.tsx')).toEqual([
      expect.stringContaining('a renderer store'),
    ]);
    expect(await layering('renderer/screens/x.tsx', '../stores/mediaStore.ts')).toEqual([]);
    expect(await layering('renderer/model/timeline/x.ts', '../../stores/timelineStore.ts')).toEqual([
      expect.stringContaining("the renderer's model"),
    ]);
    expect(await layering('renderer/stores/x.ts', '../model/timeline/clipCommands.ts')).toEqual([]);
  });

  it('inside the sandbox, routes sit above stores and the plumbing under every domain', async () => {
    expect(await layering('sandbox/create/x.ts', '../editor/timelineRoutes.ts')).toEqual([
      expect.stringContaining('routes sit above stores'),
    ]);
    expect(await layering('sandbox/db/x.ts', '../jobs/jobLifecycle.ts')).toEqual([expect.stringContaining('plumbing')]);
    expect(await layering('sandbox/editor/editorRoutes.ts', './timelineStore.ts')).toEqual([]);
    expect(await layering('sandbox/routeModules.ts', './editor/editorRoutes.ts')).toEqual([]);
  });

  it('an import circle in product code fails lint', async () => {
    // shared/ipc.ts imports shared/limits.ts; limits importing the contract back closes a circle.
    const circle = "import { REQUESTS } from './ipc.ts';\nexport const names = Object.keys(REQUESTS);\n";
    expect(await problems('shared/limits.ts', circle, 'import-x/no-cycle')).toEqual([
      expect.stringContaining('Dependency cycle'),
    ]);
    // A type-only import has no runtime effect and closes no circle.
    const typeOnly = "import type { Requests } from './ipc.ts';\nexport type Names = keyof Requests;\n";
    expect(await problems('shared/limits.ts', typeOnly, 'import-x/no-cycle')).toEqual([]);
  });
});
