// GET /models against the real sandbox: the media catalog by kind, text models for
// speech edits behind kind=text, input definitions an app can draw a form from, and prices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let call: ApiCall;

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
});
afterAll(() => sandbox?.stop({ removeData: true }));

async function models(query = ''): Promise<any[]> {
  const res = await call('GET', `/models${query}`);
  expect(res.status).toBe(200);
  expect(res.body.pagination.nextCursor).toBeNull();
  return res.body.data;
}

const ids = (list: any[]) => list.map((m) => m.id);

describe('GET /models', () => {
  it('lists image, video and audio models by default, the same as kind=media', async () => {
    const byDefault = await models();
    const media = await models('?kind=media');
    expect(byDefault).toEqual(media);
    expect(new Set(byDefault.map((m) => m.kind))).toEqual(new Set(['image', 'video', 'audio']));
  });

  it('keeps text models out of the default catalog and lists them behind kind=text', async () => {
    const media = await models();
    const text = await models('?kind=text');
    expect(text.length).toBeGreaterThan(0);
    for (const model of text) {
      expect(model.kind).toBe('text');
      expect(typeof model.available).toBe('boolean');
      expect(model.speechTasks.length).toBeGreaterThan(0);
      for (const task of model.speechTasks) expect(['interview-edit', 'caption-translation']).toContain(task);
      expect(model.inputCreditsPerMillionTokens).toBeGreaterThan(0);
      expect(model.outputCreditsPerMillionTokens).toBeGreaterThan(0);
      expect(model.usdPerCredit).toBeGreaterThan(0);
    }
    expect(text.some((m) => m.speechTasks.includes('interview-edit'))).toBe(true);
    expect(text.some((m) => m.speechTasks.includes('caption-translation'))).toBe(true);
    for (const id of ids(text)) expect(ids(media)).not.toContain(id);
  });

  it('filters by a single media kind, and the kinds together make the default catalog', async () => {
    const media = await models();
    const parts: any[] = [];
    for (const kind of ['image', 'video', 'audio']) {
      const list = await models(`?kind=${kind}`);
      expect(list.length).toBeGreaterThan(0);
      for (const model of list) expect(model.kind).toBe(kind);
      parts.push(...list);
    }
    expect(new Set(ids(parts))).toEqual(new Set(ids(media)));
  });

  it('shows availability, including a model that cannot run right now', async () => {
    const media = await models();
    for (const model of media) expect(typeof model.available).toBe('boolean');
    expect(media.some((m) => m.available === false)).toBe(true);
    expect(media.filter((m) => m.available).length).toBeGreaterThanOrEqual(3);
  });

  it("prices each model in credits and dollars at the account's pricing multiplier", async () => {
    const me = await call('GET', '/me');
    const { pricingMultiplier } = me.body.data.account;
    const media = await models();
    const text = await models('?kind=text');
    const rates = new Set([...media, ...text].map((m) => m.usdPerCredit));
    expect(rates.size).toBe(1); // one credit price per account
    for (const model of media) {
      expect(model.priceCredits).toBeGreaterThan(0);
      expect(model.priceUsd).toBeCloseTo(model.priceCredits * model.usdPerCredit, 9);
    }
    expect(pricingMultiplier).toBeGreaterThan(0);
  });

  it('describes every input as a form field: prompt first, then the model settings', async () => {
    const types = ['string', 'integer', 'number', 'boolean', 'enum'];
    for (const model of await models()) {
      const [prompt] = model.inputs;
      expect(prompt).toMatchObject({ name: 'prompt', type: 'string', required: true, maxLength: 2000 });
      for (const input of model.inputs) {
        expect(types).toContain(input.type);
        expect(typeof input.required).toBe('boolean');
        expect(input.description.length).toBeGreaterThan(0);
        if (input.type === 'enum') {
          expect(input.options.length).toBeGreaterThan(1);
          if (input.default !== undefined) expect(input.options).toContain(input.default);
        }
        if ((input.type === 'integer' || input.type === 'number') && input.default !== undefined) {
          expect(input.default).toBeGreaterThanOrEqual(input.min);
          expect(input.default).toBeLessThanOrEqual(input.max);
        }
      }
      const byName = Object.fromEntries(model.inputs.map((i: any) => [i.name, i]));
      if (model.kind === 'image') expect(byName.count).toMatchObject({ type: 'integer', min: 1, max: 4 });
      else expect(byName.durationSeconds).toMatchObject({ type: 'integer', min: 1, max: 8 });
      expect(byName.seed).toMatchObject({ type: 'integer', required: false });
    }
  });

  it('refuses an unknown kind with 400 naming the kind parameter', async () => {
    const res = await call('GET', '/models?kind=sculpture');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('request.invalid');
    expect(res.body.error.message).toContain('kind');
  });

  it('needs credentials', async () => {
    const res = await fetch(`${sandbox.createBaseUrl}/models`);
    expect(res.status).toBe(401);
  });

  it('is described in /openapi.json with its kind parameter', async () => {
    const res = await call('GET', '/openapi.json');
    const doc = res.body.data ?? res.body;
    const op = doc.paths['/models'].get;
    expect(op.parameters.find((p: any) => p.name === 'kind').schema.enum).toEqual([
      'media',
      'image',
      'video',
      'audio',
      'text',
    ]);
  });
});
