// A separately started sandbox as a remote account for e2e tests (it can be stopped and
// started again on the same data folder and ports, its clock moved and its work counted),
// and what the tests need from it: keys, a generation's input, the count of generations.
import type { Page } from '@playwright/test';
import { startSandboxProcess, apiClient, type RunningSandbox } from '../../support/sandboxProcess.ts';
import { signIn } from '../../support/session.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

export async function startRemoteAccount(): Promise<RunningSandbox> {
  return startSandboxProcess({ jobSeconds: 0.5 });
}

/** How many generations the service made, counted on the sandbox itself. */
export async function generationCount(sandbox: RunningSandbox): Promise<number> {
  const res = await sandbox.admin('GET', '/_sandbox/stats');
  if (res.status !== 200) throw new Error(`stats: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { generations: number } }).data.generations;
}

/** A key issued through the central session (as a person would in the account's web page). */
export async function issueKey(sandbox: RunningSandbox, name: string, expiresInDays: number): Promise<string> {
  const session = await signIn(sandbox);
  const issued = await session.call('POST', '/keys', { body: { name, expiresInDays } });
  if (issued.status !== 201) throw new Error(`issuing a key: ${issued.status} ${JSON.stringify(issued.body)}`);
  return issued.body.data.token as string;
}

export async function advanceClock(sandbox: RunningSandbox, ms: number): Promise<void> {
  const res = await sandbox.admin('POST', '/_sandbox/clock', { advanceMs: ms });
  if (res.status !== 200) throw new Error(`clock: ${res.status} ${await res.text()}`);
}

/** What a generation of the named project needs: its first scene and an image model. */
export async function generationInput(sandbox: RunningSandbox, projectName: string, prompt: string) {
  const call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  const projects = await call('GET', '/projects?limit=100');
  const project = (projects.body.data as { id: number; name: string; scenes: { id: string }[] }[]).find(
    (p) => p.name === projectName,
  );
  if (!project) throw new Error(`no project named ${projectName}`);
  const models = await call('GET', '/models?kind=image');
  const model = (models.body.data as { id: string; available?: boolean }[]).find((m) => m.available !== false)!;
  return { projectId: project.id, sceneId: project.scenes[0]!.id, modelId: model.id, prompt };
}

/**
 * Submits a generation through the app's own contract (window.clipdesk), as the Generate
 * screen does: main journals it before anything is sent. Returns the intent's id.
 */
export async function submitGeneration(page: Page, input: Awaited<ReturnType<typeof generationInput>>) {
  return page.evaluate(async (arg) => {
    const api = (window as unknown as { clipdesk: { invoke(name: string, arg: unknown): Promise<{ id: string }> } })
      .clipdesk;
    return (await api.invoke('generations.submit', { input: arg })).id;
  }, input);
}
