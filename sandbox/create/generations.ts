// POST /generations, GET /generations, GET /generations/{id} (spec rules 5, 6, 8).
// Accepting a job is one transaction: idempotency replay check, every input check,
// the wallet charge, the record and the remembered key — all or nothing. There is no
// PUT, PATCH or DELETE: history is immutable, and the router answers those with 405.
import { z } from 'zod';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { intQuery, jobListQuery, pageOf } from '../http/pagination.ts';
import { route, type Route } from '../http/route.ts';
import { acceptOnce } from '../idempotency.ts';
import type { MediaKind } from '../media/assetStore.ts';
import { registerGenerationJob } from './generationJob.ts';
import { createGenerationStore, GenerationSchema, toGeneration, type GenerationRow } from './generationStore.ts';
import {
  findMediaModel,
  findTextModel,
  generationPriceMicros,
  PROMPT_MAX_LENGTH,
  type MediaModel,
} from './modelCatalog.ts';
import { resolveSettings } from './modelSettings.ts';
import { createProjectStore } from './projects.ts';

const OPERATION = 'POST /generations';
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const id = z.number().int().min(1).max(CREATE_LIMITS.idMax, `must be at most ${CREATE_LIMITS.idMax}`);

const GenerationInput = z.strictObject({
  projectId: id.describe('The project the results belong to.'),
  sceneId: z
    .string()
    .regex(UUID, 'must be a UUID')
    .transform((s) => s.toLowerCase())
    .describe(
      'A scene of the project. For an audio model it may also be a new client-generated UUID: the scene is added to the project.',
    ),
  modelId: z
    .string()
    .min(1, 'must not be empty')
    .max(100)
    .describe('A media model from GET /models; it decides the media kind.'),
  prompt: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(PROMPT_MAX_LENGTH, `must be at most ${PROMPT_MAX_LENGTH} characters`),
  settings: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("The model's inputs other than prompt (see GET /models)."),
  parentGenerationId: id
    .nullable()
    .optional()
    .describe('An earlier generation of the same project that this job is a new version of.'),
});

type GenerationInputBody = z.infer<typeof GenerationInput>;

export function generationRoutes(ctx: SandboxContext): Route[] {
  const { db } = ctx;
  const store = createGenerationStore(ctx);
  const projects = createProjectStore(ctx);
  registerGenerationJob(ctx, store);

  function modelFor(modelId: string): MediaModel {
    const model = findMediaModel(modelId);
    if (!model) {
      const hint = findTextModel(modelId) ? ' is a text model for speech edits, not a media model' : ' is not a model';
      throw new ApiError(
        'model.unknown',
        `modelId: "${modelId}"${hint}; pick an image, video or audio model from GET /models.`,
      );
    }
    if (!model.available)
      throw new ApiError(
        'model.unavailable',
        `${model.name} (${model.id}) is not available right now: pick another model from GET /models.`,
      );
    return model;
  }

  /** The scene the job belongs to; an audio job may add a new scene at the end of the project. */
  function sceneFor(projectId: number, kind: MediaKind, sceneId: string, now: string): string {
    const scene = db.prepare('SELECT project_id FROM scenes WHERE id = ?').get(sceneId) as
      { project_id: number } | undefined;
    if (scene?.project_id === projectId) return sceneId;
    if (scene) {
      throw new ApiError(
        'scene.not_in_project',
        `sceneId: scene ${sceneId} belongs to another project; use a scene of project ${projectId} (GET /projects/${projectId}).`,
      );
    }
    if (kind !== 'audio') {
      throw new ApiError(
        'scene.not_in_project',
        `sceneId: ${sceneId} is not a scene of project ${projectId}; ${kind} generations need one of its scenes (GET /projects/${projectId}). Only audio may start a new scene.`,
      );
    }
    const { next } = db
      .prepare('SELECT COALESCE(MAX(position) + 1, 0) AS next FROM scenes WHERE project_id = ?')
      .get(projectId) as { next: number };
    db.prepare('INSERT INTO scenes (id, project_id, position, created_at) VALUES (?, ?, ?, ?)').run(
      sceneId,
      projectId,
      next,
      now,
    );
    return sceneId;
  }

  function checkParent(accountId: number, projectId: number, parentId: number): void {
    const parent = db
      .prepare('SELECT project_id FROM generations WHERE id = ? AND account_id = ?')
      .get(parentId, accountId) as { project_id: number } | undefined;
    if (!parent) {
      throw new ApiError(
        'resource.not_found',
        `parentGenerationId: no generation ${parentId} in this account; name an earlier generation of project ${projectId}.`,
      );
    }
    if (parent.project_id !== projectId) {
      throw new ApiError(
        'generation.parent_not_in_project',
        `parentGenerationId: generation ${parentId} belongs to project ${parent.project_id}, not ${projectId}; a new version must stay in its project.`,
      );
    }
  }

  /** Checks everything, charges the wallet and records the job; call inside the transaction. */
  function accept(accountId: number, body: GenerationInputBody): number {
    const project = projects.get(accountId, body.projectId);
    const model = modelFor(body.modelId);
    const resolved = resolveSettings(model, body.settings ?? {});
    if (!resolved.ok) {
      const parts = resolved.issues.map((i) => `${i.path}: ${i.message}`);
      throw new ApiError('request.invalid', `Invalid body. ${parts.join('; ')}`, {
        details: { issues: resolved.issues },
      });
    }
    const now = iso(ctx.clock.now());
    const sceneId = sceneFor(project.id, model.kind, body.sceneId, now);
    if (body.parentGenerationId) checkParent(accountId, project.id, body.parentGenerationId);
    const price = generationPriceMicros(model, resolved.settings, ctx.wallet.pricingMultiplier(accountId));
    ctx.wallet.charge(accountId, price, `This ${model.name} generation`);
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO generations (account_id, project_id, scene_id, model_id, kind, prompt, settings, parent_generation_id, state, cost_micros, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?)`,
      )
      .run(
        accountId,
        project.id,
        sceneId,
        model.id,
        model.kind,
        body.prompt,
        JSON.stringify(resolved.settings),
        body.parentGenerationId ?? null,
        price,
        now,
        now,
      );
    return Number(lastInsertRowid);
  }

  return [
    route({
      method: 'GET',
      path: '/generations',
      auth: 'any',
      tag: 'Generations',
      summary: 'List generations, newest first',
      query: jobListQuery.extend({
        projectId: intQuery(1, CREATE_LIMITS.idMax).optional().describe("Only this project's generations."),
      }),
      responses: { 200: { description: 'A page of generations', schema: GenerationSchema, list: true } },
      handler({ principal, query }) {
        const { items, pagination } = pageOf<GenerationRow>(
          (where, args, limit) => store.page(principal.accountId, query.projectId, where, args, limit),
          query,
        );
        return { data: items.map(toGeneration), pagination };
      },
    }),
    route({
      method: 'POST',
      path: '/generations',
      auth: 'any',
      tag: 'Generations',
      summary: 'Start a generation job (image, video or audio, set by the model); charged to the wallet when accepted',
      body: GenerationInput,
      idempotent: true,
      responses: {
        202: {
          description: 'Accepted: poll GET /generations/{id} until state is completed, failed or cancelled',
          schema: GenerationSchema,
        },
        200: {
          description:
            'A replay of an earlier identical request with the same Idempotency-Key: the same job as it is now, not charged again',
          schema: GenerationSchema,
        },
        400: {
          description:
            'request.invalid, model.unknown, scene.not_in_project, generation.parent_not_in_project, idempotency.key_missing or idempotency.key_invalid',
        },
        403: { description: 'wallet.insufficient_balance: nothing was created or charged' },
        404: { description: 'resource.not_found: no such project (or parent generation) in this account' },
        409: { description: 'idempotency.key_reused (same key, other inputs) or model.unavailable' },
      },
      handler({ principal, body, idempotencyKey }) {
        const { accountId } = principal;
        const outcome = acceptOnce(ctx, { accountId, idempotencyKey, operation: OPERATION, input: body }, () =>
          accept(accountId, body),
        );
        if (!outcome.replay) ctx.jobs.enqueue('generation', outcome.id);
        return { status: outcome.replay ? 200 : 202, data: toGeneration(store.get(accountId, outcome.id)) };
      },
    }),
    route({
      method: 'GET',
      path: '/generations/{id}',
      auth: 'any',
      tag: 'Generations',
      summary: 'Read a generation (poll it until its state is final)',
      responses: { 200: { description: 'The generation', schema: GenerationSchema } },
      handler({ principal, params }) {
        return { data: toGeneration(store.get(principal.accountId, params.id as number)) };
      },
    }),
  ];
}
