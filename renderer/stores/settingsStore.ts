// The Settings screen's state: the workspaces with their keys (last four and expiry only),
// each workspace's own settings, and the keys the service refused (the prompt to replace
// one). Failures of a form are kept beside that form, where the user fixes them.
import { create } from 'zustand';
import type { AppError } from '../../shared/appError.ts';
import type { RequestArg } from '../../shared/ipc.ts';
import type { KeyProblem, WorkspaceSettingsView } from '../../shared/ipc/settingsView.ts';
import type { WorkspaceView } from '../../shared/ipcViews.ts';
import { asAppError, invoke } from '../client/clipdesk.ts';
import { showError } from './toastStore.ts';
import { useWorkspace } from './workspaceStore.ts';
import { hear } from '../client/mainEvents.ts';

export type KeyKind = 'create' | 'messaging';
export type WorkspaceChange = Omit<RequestArg<'settings.updateWorkspace'>, 'workspaceId'>;

/** Which form an error or a save belongs to: `key:<workspace>:<kind>`, `options:<workspace>`, `switch`. */
export type FormId = string;
export const keyForm = (workspaceId: string, which: KeyKind): FormId => `key:${workspaceId}:${which}`;
export const optionsForm = (workspaceId: string): FormId => `options:${workspaceId}`;
/** The local workspace's repair (Settings, the status bar and the prompt share it: one repair at a time). */
export const REPAIR_FORM: FormId = 'repair:local';
/** The key prompt's own form (KeyProblemPrompt), apart from the Settings screen's. */
export const promptForm = (workspaceId: string): FormId => `prompt:${workspaceId}`;

interface SettingsState {
  workspaces: WorkspaceView[];
  loaded: boolean;
  details: Record<string, WorkspaceSettingsView>;
  problems: KeyProblem[];
  /** The form being saved. */
  saving: FormId | null;
  errors: Record<FormId, AppError | undefined>;
  load(): Promise<void>;
  loadDetails(workspaceId: string): Promise<void>;
  switchTo(workspaceId: string): Promise<void>;
  /** `form` is where a failure is shown (by default the key's row in Settings). */
  replaceKey(workspaceId: string, which: KeyKind, apiKey: string, form?: FormId): Promise<boolean>;
  forgetKey(workspaceId: string, which: KeyKind): Promise<void>;
  /** The local workspace makes itself a new working key (its service restarts and provisions one). */
  repairLocalKey(): Promise<boolean>;
  update(workspaceId: string, change: WorkspaceChange): Promise<boolean>;
  loadProblems(): Promise<void>;
  setProblem(workspaceId: string, problem: KeyProblem | null): void;
  clearError(form: FormId): void;
}

export const useSettings = create<SettingsState>()((set, get) => {
  async function saving<T>(form: FormId, work: () => Promise<T>): Promise<T | null> {
    set((s) => ({ saving: form, errors: { ...s.errors, [form]: undefined } }));
    try {
      return await work();
    } catch (err) {
      set((s) => ({ errors: { ...s.errors, [form]: asAppError(err) } }));
      return null;
    } finally {
      set({ saving: null });
    }
  }

  return {
    workspaces: [],
    loaded: false,
    details: {},
    problems: [],
    saving: null,
    errors: {},

    async load() {
      try {
        const [workspaces, problems] = await Promise.all([invoke('workspaces.list'), invoke('keys.problems')]);
        set({ workspaces, problems, loaded: true });
      } catch (err) {
        showError('Reading the workspaces', err);
      }
    },

    async loadDetails(workspaceId) {
      try {
        const details = await invoke('settings.workspace', { workspaceId });
        set((s) => ({ details: { ...s.details, [workspaceId]: details } }));
      } catch (err) {
        showError('Reading the workspace settings', err);
      }
    },

    async switchTo(workspaceId) {
      const workspace = await saving('switch', () => invoke('workspaces.switch', { workspaceId }));
      if (workspace) {
        useWorkspace.getState().setWorkspace(workspace);
        await get().load();
      }
    },

    async replaceKey(workspaceId, which, apiKey, form = keyForm(workspaceId, which)) {
      const status = await saving(form, () => invoke('workspaces.replaceKey', { workspaceId, which, apiKey }));
      if (!status) return false;
      await get().load();
      return true;
    },

    async forgetKey(workspaceId, which) {
      const status = await saving(keyForm(workspaceId, which), () =>
        invoke('workspaces.forgetKey', { workspaceId, which }),
      );
      if (status) await get().load();
    },

    async repairLocalKey() {
      if (get().saving === REPAIR_FORM) return false;
      const workspace = await saving(REPAIR_FORM, () => invoke('workspaces.repairLocalKey'));
      if (!workspace) return false;
      if (workspace.active) useWorkspace.getState().setWorkspace(workspace);
      await get().load();
      return true;
    },

    async update(workspaceId, change) {
      const details = await saving(optionsForm(workspaceId), () =>
        invoke('settings.updateWorkspace', { workspaceId, ...change }),
      );
      if (!details) return false;
      set((s) => ({ details: { ...s.details, [workspaceId]: details } }));
      await get().load();
      return true;
    },

    async loadProblems() {
      try {
        set({ problems: await invoke('keys.problems') });
      } catch {
        // The next key.problem event brings them.
      }
    },

    setProblem(workspaceId, problem) {
      set((s) => ({
        problems: [...s.problems.filter((p) => p.workspaceId !== workspaceId), ...(problem ? [problem] : [])],
      }));
    },

    clearError: (form) => set((s) => ({ errors: { ...s.errors, [form]: undefined } })),
  };
});

/** Whether a workspace is the local sandbox (its key is repaired, not replaced). */
export function useIsLocalWorkspace(workspaceId: string | undefined): boolean {
  const listed = useSettings((s) => s.workspaces.find((w) => w.id === workspaceId)?.kind);
  const active = useWorkspace((s) => (s.workspace?.id === workspaceId ? s.workspace?.kind : undefined));
  return (listed ?? active) === 'local';
}

// A refused key (the prompt to replace it), and a workspace change (the list shows which one is active).
hear('key.problem', ({ workspaceId, problem }) => useSettings.getState().setProblem(workspaceId, problem));
hear('workspace.changed', () => {
  if (useSettings.getState().loaded) void useSettings.getState().load();
});
