// The Projects screen's state: the list read page by page through nextCursor, creating,
// and renaming or changing the shape with the revision. A rename that lost a race (409 revision.conflict) keeps
// both names so the user can choose which one stays.
import { create } from 'zustand';
import type { Project } from '../../shared/api/createTypes.ts';
import { asAppError, invoke } from '../client/clipdesk.ts';
import { showError } from './toastStore.ts';
import { appendPage } from './appendPage.ts';
import { createReadEpoch } from './readEpoch.ts';
import { onWorkspaceSwitch } from './workspaceStore.ts';

export const PROJECTS_PAGE_SIZE = 25;

export interface RenameConflict {
  /** The name the user typed. */
  readonly wanted: string;
  /** The project as it is now, renamed by someone else. */
  readonly current: Project;
}

interface ProjectsState {
  items: Project[];
  nextCursor: string | null;
  /** True once the first page arrived. */
  loaded: boolean;
  loading: boolean;
  creating: boolean;
  /** The project whose new name is being saved. */
  renamingId: number | null;
  /** The project whose new shape is being saved. */
  reshapingId: number | null;
  conflict: RenameConflict | null;
  loadFirst(): Promise<void>;
  loadMore(): Promise<void>;
  /** The new project, or null (with a message) when it was not made. */
  /** With `fromProjectId`, a copy of that project in the new shape (a reframed copy). */
  create(name: string, aspectRatio: string, fromProjectId?: number): Promise<Project | null>;
  rename(project: Project, name: string): Promise<boolean>;
  /** Changes the project's own shape with the revision read; false (with a message) when it was not changed. */
  reshape(project: Project, aspectRatio: string): Promise<boolean>;
  /** keepMine renames again over the current revision; keepCurrent takes the other name. */
  resolveConflict(choice: 'keepMine' | 'keepCurrent'): Promise<void>;
  reset(): void;
}

const reads = createReadEpoch();

function replace(items: Project[], project: Project): Project[] {
  return items.map((p) => (p.id === project.id ? project : p));
}

export const useProjects = create<ProjectsState>()((set, get) => ({
  items: [],
  nextCursor: null,
  loaded: false,
  loading: false,
  creating: false,
  renamingId: null,
  reshapingId: null,
  conflict: null,

  async loadFirst() {
    const epoch = reads.next();
    set({ loading: true });
    try {
      const page = await invoke('projects.list', { limit: PROJECTS_PAGE_SIZE });
      if (reads.still(epoch)) set({ items: page.items, nextCursor: page.nextCursor, loaded: true });
    } catch (err) {
      if (reads.still(epoch)) showError('Reading the projects', err);
    } finally {
      if (reads.still(epoch)) set({ loading: false });
    }
  },

  async loadMore() {
    const { nextCursor, loading } = get();
    if (nextCursor === null || loading) return;
    const epoch = reads.current();
    set({ loading: true });
    try {
      const page = await invoke('projects.list', { limit: PROJECTS_PAGE_SIZE, after: nextCursor });
      // A page of the list as it was before a reset (another workspace) is not this list's.
      if (reads.still(epoch)) set((s) => ({ items: appendPage(s.items, page.items), nextCursor: page.nextCursor }));
    } catch (err) {
      if (reads.still(epoch)) showError('Reading more projects', err);
    } finally {
      if (reads.still(epoch)) set({ loading: false });
    }
  },

  async create(name, aspectRatio, fromProjectId) {
    set({ creating: true });
    try {
      const project = await invoke('projects.create', {
        name,
        aspectRatio,
        ...(fromProjectId !== undefined && { fromProjectId }),
      });
      // Newest first, as the service lists them.
      set((s) => ({ items: [project, ...s.items.filter((p) => p.id !== project.id)] }));
      return project;
    } catch (err) {
      showError(fromProjectId !== undefined ? 'Making the copy' : 'Creating the project', err);
      return null;
    } finally {
      set({ creating: false });
    }
  },

  async rename(project, name) {
    set({ renamingId: project.id });
    try {
      const renamed = await invoke('projects.rename', { id: project.id, name, revision: project.updatedAt });
      set((s) => ({ items: replace(s.items, renamed) }));
      return true;
    } catch (err) {
      const error = asAppError(err);
      // The schema (and zod) only on this rare path: the Projects screen starts without them.
      const { ProjectSchema } = await import('../../shared/api/createTypes.ts');
      const current = ProjectSchema.safeParse(error.details?.current);
      if (error.code === 'revision.conflict' && current.success) {
        set((s) => ({ conflict: { wanted: name, current: current.data }, items: replace(s.items, current.data) }));
      } else {
        showError('Renaming the project', error);
      }
      return false;
    } finally {
      set({ renamingId: null });
    }
  },

  async reshape(project, aspectRatio) {
    set({ reshapingId: project.id });
    try {
      const reshaped = await invoke('projects.reshape', { id: project.id, aspectRatio, revision: project.updatedAt });
      set((s) => ({ items: replace(s.items, reshaped) }));
      return true;
    } catch (err) {
      const error = asAppError(err);
      const { ProjectSchema } = await import('../../shared/api/createTypes.ts');
      const current = ProjectSchema.safeParse(error.details?.current);
      // Lost a race: the list shows the project as it is now, and the user chooses again from it.
      if (error.code === 'revision.conflict' && current.success)
        set((s) => ({ items: replace(s.items, current.data) }));
      showError('Changing the shape', error);
      return false;
    } finally {
      set({ reshapingId: null });
    }
  },

  async resolveConflict(choice) {
    const conflict = get().conflict;
    if (!conflict) return;
    set({ conflict: null });
    if (choice === 'keepMine') await get().rename(conflict.current, conflict.wanted);
  },

  reset() {
    reads.next();
    set({ items: [], nextCursor: null, loaded: false, loading: false, conflict: null });
  },
}));

onWorkspaceSwitch(() => useProjects.getState().reset());
