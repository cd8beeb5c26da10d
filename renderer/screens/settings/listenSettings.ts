// Main's events about workspaces and keys, fed into the Settings store: a refused key (the
// prompt to replace it) and a workspace change (the list shows which one is active).
import { on } from '../../client/clipdesk.ts';
import { useSettings } from '../../stores/settingsStore.ts';

export function listenSettings(): (() => void)[] {
  return [
    on('key.problem', ({ workspaceId, problem }) => useSettings.getState().setProblem(workspaceId, problem)),
    on('workspace.changed', () => {
      if (useSettings.getState().loaded) void useSettings.getState().load();
    }),
  ];
}
