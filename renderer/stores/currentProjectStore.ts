// The one project the whole app works on: shown in the chrome (ProjectSwitcher), followed by
// Media, Generate, the Timeline and every paid action, so a choice made anywhere holds
// everywhere. It is remembered per workspace (in the preferences main keeps, so a reload or
// a restart opens it again; and this window's localStorage: a project ID, no secret) and
// forgotten when the workspace changes; with none chosen, the newest project is.
import { create } from 'zustand';
import type { Project } from '../../shared/api/createTypes.ts';
import { invoke } from '../client/clipdesk.ts';
import { usePreferences } from './preferencesStore.ts';
import { useProjects } from './projectsStore.ts';
import { onWorkspaceSwitch, useWorkspace } from './workspaceStore.ts';

const STORAGE_KEY = 'clipdesk.currentProject';

interface CurrentProjectState {
  projectId: number | null;
  /** The project as last read (its name for the chrome and for paid actions), when known. */
  project: Project | null;
  choose(projectId: number | null): void;
  /** A project read or changed elsewhere (renamed): its name follows. */
  learn(project: Project): void;
  /** Chooses the remembered project of this workspace, or the newest, once the list is read. */
  chooseDefault(): void;
}

function remembered(): Record<string, number> {
  try {
    const value: unknown = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function remember(projectId: number | null): void {
  const workspaceId = useWorkspace.getState().workspace?.id;
  if (!workspaceId || projectId === null) return;
  usePreferences.getState().saveOpenProject(workspaceId, projectId);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify({ ...remembered(), [workspaceId]: projectId }));
  } catch {
    // Storage full or refused: the choice still holds for this session.
  }
}

/** The name of a project older than the pages read so far. */
async function readName(projectId: number): Promise<void> {
  const project = await invoke('projects.get', { id: projectId }).catch(() => null);
  if (project) useCurrentProject.getState().learn(project);
}

export const useCurrentProject = create<CurrentProjectState>()((set, get) => ({
  projectId: null,
  project: null,

  choose(projectId) {
    if (projectId === get().projectId) return;
    const listed = useProjects.getState().items.find((p) => p.id === projectId) ?? null;
    set({ projectId, project: listed });
    remember(projectId);
  },

  learn(project) {
    if (project.id === get().projectId) set({ project });
  },

  chooseDefault() {
    const { items, loaded } = useProjects.getState();
    const { projectId } = get();
    // The saved choice is known only once the preferences are read (or could not be), and
    // the workspace it was saved under once app.state answered (the first screen may be drawn before).
    const workspaceId = useWorkspace.getState().workspace?.id;
    if (!loaded || !usePreferences.getState().settled || !workspaceId) return;
    if (projectId !== null) {
      // Still listed (or older than the pages read): keep it, with its latest name.
      const listed = items.find((p) => p.id === projectId);
      if (listed && listed !== get().project) set({ project: listed });
      if (!listed && get().project === null) void readName(projectId);
      if (listed || items.length > 0) return;
    }
    const wanted = usePreferences.getState().openProjects[workspaceId] ?? remembered()[workspaceId];
    const next = items.find((p) => p.id === wanted) ?? items[0] ?? null;
    set({ projectId: next?.id ?? null, project: next });
    if (next) remember(next.id);
  },
}));

/** The current project's name, for the chrome and for saying where a paid action goes. */
export function useCurrentProjectName(): string | null {
  return useCurrentProject((s) => s.project?.name ?? null);
}

// Another workspace's projects are not this one's: its remembered (or newest) one is chosen.
onWorkspaceSwitch(() => useCurrentProject.getState().choose(null));
usePreferences.subscribe((s, prev) => {
  if (s.settled && !prev.settled) useCurrentProject.getState().chooseDefault();
});
useWorkspace.subscribe((s, prev) => {
  if (s.workspace && !prev.workspace) useCurrentProject.getState().chooseDefault();
});
