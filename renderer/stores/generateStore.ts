// The Generate screen's state: the models of the chosen kind with their input definitions,
// the form's values, the project's generations (newest first), and the work submitted from
// here that the service has not accepted yet. A submit goes into main's journal first
// (generations.submit): offline, it waits there as pending. "New version" starts the form
// from an earlier generation's inputs and links it as the parent; history is never edited.
import { create } from 'zustand';
import type { AppError } from '../../shared/appError.ts';
import type { Generation, Model } from '../../shared/api/createTypes.ts';
import { isTerminalJobState } from '../../shared/limits.ts';
import type { IntentSummary, JobUpdatedEvent } from '../../shared/api/jobEvents.ts';
import { asAppError, invoke } from '../client/clipdesk.ts';
import { carryValues, defaultValues } from '../model/generate/modelForm.ts';
import { showError } from './toastStore.ts';
import { hear } from '../client/mainEvents.ts';
import { onWorkspaceSwitch } from './workspaceStore.ts';

export const GENERATION_KINDS = ['image', 'video', 'audio'] as const;
export type GenerationKind = (typeof GENERATION_KINDS)[number];

export type FieldValue = string | boolean;

/** Work sent from this screen, shown until the service's generation takes its place. */
export interface Submitted {
  readonly intent: IntentSummary;
  readonly projectId: number;
  readonly modelName: string;
  readonly prompt: string;
  readonly parentGenerationId: number | null;
}

interface GenerateState {
  kind: GenerationKind;
  models: Partial<Record<GenerationKind, Model[]>>;
  modelsLoading: boolean;
  /** Why the models of the kind could not be read (offline, with none read before). */
  modelsError: AppError | null;
  modelId: string | null;
  /** The form, by input name (numbers are kept as typed, checked on submit). */
  values: Record<string, FieldValue>;
  /** The generation the next submit is a new version of. */
  parent: Generation | null;
  projectId: number | null;
  generations: Generation[];
  nextCursor: string | null;
  loaded: boolean;
  loading: boolean;
  submitting: boolean;
  submitted: Submitted[];
  /** 0..1 by generation ID, as job.updated last said. */
  progress: Record<number, number | null>;
  setKind(kind: GenerationKind): Promise<void>;
  chooseModel(modelId: string): void;
  setValue(name: string, value: FieldValue): void;
  newVersionOf(generation: Generation): Promise<void>;
  clearParent(): void;
  showProject(projectId: number): Promise<void>;
  loadMore(): Promise<void>;
  submit(input: {
    projectId: number;
    sceneId: string;
    settings: Record<string, unknown>;
    prompt: string;
  }): Promise<boolean>;
  jobUpdated(event: JobUpdatedEvent): void;
  intentUpdated(intent: IntentSummary): void;
  /** Hides a submitted row that ended without a generation (refused or cancelled). */
  dismiss(intentId: string): void;
  reset(): void;
}

const PAGE_SIZE = 20;

function upsert(list: Generation[], generation: Generation): Generation[] {
  const rest = list.filter((g) => g.id !== generation.id);
  return [generation, ...rest].sort((a, b) => b.id - a.id);
}

export const useGenerate = create<GenerateState>()((set, get) => {
  async function loadModels(kind: GenerationKind): Promise<Model[]> {
    const cached = get().models[kind];
    if (cached) return cached;
    set({ modelsLoading: true, modelsError: null });
    try {
      const models = await invoke('models.list', { kind });
      set((s) => ({ models: { ...s.models, [kind]: models } }));
      return models;
    } catch (err) {
      // Shown in the form, where the models would be: a toast would repeat it for every kind.
      set({ modelsError: asAppError(err) });
      return [];
    } finally {
      set({ modelsLoading: false });
    }
  }

  /** Reads a generation the journal's intent turned into, and shows it in place of the pending row. */
  async function adopt(jobId: string, intentId: string): Promise<void> {
    try {
      const generation = await invoke('generations.get', { id: Number(jobId) });
      set((s) => ({
        generations: generation.projectId === s.projectId ? upsert(s.generations, generation) : s.generations,
        submitted: s.submitted.filter((entry) => entry.intent.id !== intentId),
      }));
    } catch (err) {
      showError('Reading the new generation', err);
    }
  }

  return {
    kind: 'image',
    models: {},
    modelsLoading: false,
    modelsError: null,
    modelId: null,
    values: {},
    parent: null,
    projectId: null,
    generations: [],
    nextCursor: null,
    loaded: false,
    loading: false,
    submitting: false,
    submitted: [],
    progress: {},

    async setKind(kind) {
      set({ kind });
      const models = await loadModels(kind);
      if (get().kind !== kind) return;
      const current = models.find((m) => m.id === get().modelId);
      if (!current) {
        // Another kind, another model: the prompt and every value the new model takes stay.
        const first = models.find((m) => m.available !== false) ?? models[0];
        set((s) => ({ modelId: first?.id ?? null, values: carryValues(s.values, first), parent: null }));
      }
    },

    chooseModel(modelId) {
      const model = get().models[get().kind]?.find((m) => m.id === modelId);
      // Every value the new model takes as it is stays (the prompt always): nothing typed is lost.
      set((s) => ({ modelId, values: carryValues(s.values, model) }));
    },

    setValue: (name, value) => set((s) => ({ values: { ...s.values, [name]: value } })),

    async newVersionOf(generation) {
      const kind = (GENERATION_KINDS as readonly string[]).includes(generation.kind ?? '')
        ? (generation.kind as GenerationKind)
        : get().kind;
      set({ kind });
      const models = await loadModels(kind);
      const model = models.find((m) => m.id === generation.modelId);
      const values = defaultValues(model);
      for (const [name, value] of Object.entries(generation.settings ?? {})) {
        if (typeof value === 'boolean') values[name] = value;
        else if (typeof value === 'string' || typeof value === 'number') values[name] = String(value);
      }
      values.prompt = generation.prompt ?? '';
      set({ modelId: model?.id ?? generation.modelId ?? null, values, parent: generation });
    },

    clearParent: () => set({ parent: null }),

    async showProject(projectId) {
      if (get().projectId === projectId && get().loaded) return;
      set({ projectId, generations: [], nextCursor: null, loaded: false, loading: true, parent: null });
      try {
        const page = await invoke('generations.list', { projectId, limit: PAGE_SIZE });
        if (get().projectId !== projectId) return;
        set({ generations: page.items, nextCursor: page.nextCursor, loaded: true });
      } catch (err) {
        showError('Reading the generations', err);
      } finally {
        set({ loading: false });
      }
    },

    async loadMore() {
      const { projectId, nextCursor, loading } = get();
      if (projectId === null || nextCursor === null || loading) return;
      set({ loading: true });
      try {
        const page = await invoke('generations.list', { projectId, limit: PAGE_SIZE, after: nextCursor });
        if (get().projectId !== projectId) return;
        set((s) => ({
          generations: page.items.reduce((list, g) => upsert(list, g), s.generations),
          nextCursor: page.nextCursor,
        }));
      } catch (err) {
        showError('Reading more generations', err);
      } finally {
        set({ loading: false });
      }
    },

    async submit({ projectId, sceneId, settings, prompt }) {
      const { modelId, parent } = get();
      if (!modelId) return false;
      const model = get().models[get().kind]?.find((m) => m.id === modelId);
      set({ submitting: true });
      try {
        const intent = await invoke('generations.submit', {
          input: {
            projectId,
            sceneId,
            modelId,
            prompt,
            settings,
            ...(parent ? { parentGenerationId: parent.id } : {}),
          },
        });
        set((s) => ({
          submitted: [
            {
              intent,
              projectId,
              modelName: model?.name ?? modelId,
              prompt,
              parentGenerationId: parent?.id ?? null,
            },
            ...s.submitted,
          ],
          parent: null,
        }));
        if (intent.jobId) void adopt(intent.jobId, intent.id);
        return true;
      } catch (err) {
        showError('Submitting the generation', err);
        return false;
      } finally {
        set({ submitting: false });
      }
    },

    jobUpdated(event) {
      if (event.kind !== 'generation') return;
      const id = Number(event.id);
      set((s) => ({ progress: { ...s.progress, [id]: event.progress } }));
      const known = get().generations.find((g) => g.id === id);
      if (known) {
        set((s) => ({
          generations: s.generations.map((g) =>
            g.id === id
              ? { ...g, state: event.state, outputs: event.outputs.length > 0 ? event.outputs : g.outputs }
              : g,
          ),
        }));
      }
      const pending = event.intentId ? get().submitted.find((entry) => entry.intent.id === event.intentId) : undefined;
      // The whole record (cost, completion time) once it ended, or once a pending row learns its job.
      if (pending || (known && event.terminal && isTerminalJobState(event.state)))
        void adopt(event.id, pending?.intent.id ?? '');
    },

    intentUpdated(intent) {
      const entry = get().submitted.find((e) => e.intent.id === intent.id);
      if (!entry) return;
      set((s) => ({
        submitted: s.submitted.map((e) => (e.intent.id === intent.id ? { ...e, intent } : e)),
      }));
      if (intent.jobId && !get().generations.some((g) => g.id === Number(intent.jobId)))
        void adopt(intent.jobId, intent.id);
    },

    dismiss: (intentId) => set((s) => ({ submitted: s.submitted.filter((e) => e.intent.id !== intentId) })),

    reset: () =>
      set({
        models: {},
        modelsError: null,
        modelId: null,
        values: {},
        parent: null,
        projectId: null,
        generations: [],
        nextCursor: null,
        loaded: false,
        submitted: [],
        progress: {},
      }),
  };
});

// A generation goes on while another screen is shown: its news is heard from the start.
hear('job.updated', (event) => useGenerate.getState().jobUpdated(event));
hear('intent.updated', ({ intent }) => useGenerate.getState().intentUpdated(intent));
onWorkspaceSwitch(() => useGenerate.getState().reset());
