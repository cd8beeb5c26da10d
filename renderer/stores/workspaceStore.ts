// The app's state from main (first launch or not) and the active workspace.
import { create } from 'zustand';
import type { AppError } from '../../shared/appError.ts';
import type { AddRemoteWorkspace } from '../../shared/ipc.ts';
import type { WorkspaceView } from '../../shared/ipcViews.ts';
import { asAppError, invoke } from '../client/clipdesk.ts';
import { firstScreen } from '../client/firstScreen.ts';
import { showError, useToasts } from './toastStore.ts';
import { hear } from '../client/mainEvents.ts';

interface WorkspaceState {
  /** null until known: from the page (client/firstScreen.ts), else from app.state's answer. */
  firstLaunch: boolean | null;
  mode: 'electron' | 'browser' | null;
  workspace: WorkspaceView | null;
  /** A first-launch choice is being made (the sandbox starting, or a key being checked). */
  busy: boolean;
  /** Why the last remote account could not be added, shown beside its form. */
  remoteError: AppError | null;
  load(): Promise<void>;
  chooseLocal(): Promise<void>;
  addRemote(input: AddRemoteWorkspace): Promise<void>;
  setWorkspace(workspace: WorkspaceView): void;
}

export const useWorkspace = create<WorkspaceState>()((set) => ({
  firstLaunch: firstScreen?.firstLaunch ?? null,
  mode: null,
  workspace: null,
  busy: false,
  remoteError: null,

  async load() {
    try {
      const state = await invoke('app.state');
      set({ firstLaunch: state.firstLaunch, mode: state.mode, workspace: state.activeWorkspace });
      if (state.settingsWarning) useToasts.getState().showWarning('Settings were repaired', state.settingsWarning);
    } catch (err) {
      showError('Starting Clipdesk', err);
    }
  },

  async chooseLocal() {
    set({ busy: true });
    try {
      const workspace = await invoke('workspaces.useLocal');
      set({ workspace, firstLaunch: false });
    } catch (err) {
      showError('Starting the local workspace', err);
    } finally {
      set({ busy: false });
    }
  },

  async addRemote(input) {
    set({ busy: true, remoteError: null });
    try {
      const workspace = await invoke('workspaces.addRemote', input);
      set({ workspace, firstLaunch: false });
    } catch (err) {
      // Shown beside the form (with its code), where the user fixes it.
      set({ remoteError: asAppError(err) });
    } finally {
      set({ busy: false });
    }
  },

  setWorkspace: (workspace) => set({ workspace }),
}));

hear('workspace.changed', (workspace) => useWorkspace.getState().setWorkspace(workspace));

/** Whether news about `workspaceId` is the active workspace's: the app shows no other one's. */
export const isActiveWorkspace = (workspaceId: string): boolean =>
  useWorkspace.getState().workspace?.id === workspaceId;

/**
 * Runs `reset` each time another workspace becomes the active one (not the first one): it is
 * another account, whose projects, media and work are read afresh.
 */
export function onWorkspaceSwitch(reset: () => void): void {
  useWorkspace.subscribe((s, before) => {
    if (before.workspace && s.workspace && s.workspace.id !== before.workspace.id) reset();
  });
}
