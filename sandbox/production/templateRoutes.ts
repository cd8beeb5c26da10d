// Templates (spec: "Publish an immutable template version", "Apply variations, with dry-run
// validation") and, through batchRoutes, editor batches. A template version is a frozen
// copy of a project's timeline with typed slots; publishing again makes version n+1 and
// nothing ever changes a published version (no PUT, PATCH or DELETE: 405). Templates,
// variants and batches are not charged: the spec charges generation, text and speech work.
import type { z } from 'zod';
import type { SandboxContext } from '../context.ts';
import { createProjectStore } from '../create/projects.ts';
import type { Track } from '../editor/timelineSchemas.ts';
import { createTimelineStore } from '../editor/timelineStore.ts';
import { ApiError } from '../http/apiError.ts';
import { pageOf, pageQuery } from '../http/pagination.ts';
import { route, type Route } from '../http/route.ts';
import { acceptOnce } from '../idempotency.ts';
import { batchRoutes } from './batchRoutes.ts';
import { createPreparedProjects, type ReadyVariant } from './preparedProjects.ts';
import { bindVariant, checkVariant, type AssetLookup, type MediaFacts } from './slotValues.ts';
import { checkTemplate } from './templateCheck.ts';
import {
  PreparedVariantsSchema,
  TemplateInput,
  TemplateSchema,
  TemplateSummarySchema,
  TemplateVersionSchema,
  VariantCheckSchema,
  VariantsInput,
  type SlotError,
  type TemplateVersion,
  type VariantsBody,
} from './templateSchemas.ts';
import { createTemplateStore } from './templateStore.ts';

const PUBLISH = 'templates.publish';
const VARIANTS = 'templates.variants';

interface CheckedVariant {
  name: string;
  errors: SlotError[];
  ready: ReadyVariant;
}

/** Checks every variant and binds the valid ones onto their own copy of the tracks. */
function prepare(template: TemplateVersion, variants: VariantsBody['variants'], asset: AssetLookup): CheckedVariant[] {
  return variants.map((variant) => {
    const { errors, values } = checkVariant(template.slots, template.bindings, variant.values, asset);
    const tracks = structuredClone(template.timeline.tracks) as Track[];
    if (errors.length === 0) errors.push(...bindVariant(tracks, template.bindings, values, asset));
    return { name: variant.name, errors, ready: { name: variant.name, values, tracks } };
  });
}

function variantsInvalid(checked: CheckedVariant[]): ApiError {
  const bad = checked.filter((c) => c.errors.length > 0);
  const sample = bad
    .slice(0, 3)
    .map(
      (c) =>
        `"${c.name}": ${c.errors
          .slice(0, 3)
          .map((e) => `slot ${e.slot} ${e.message}`)
          .join(' ')}`,
    )
    .join(' ');
  return new ApiError(
    'template.variants_invalid',
    `${bad.length} of ${checked.length} variants do not fit the template. ${sample} Nothing was created.`,
    {
      details: { variants: checked.map((c) => ({ name: c.name, valid: c.errors.length === 0, errors: c.errors })) },
    },
  );
}

export function templateRoutes(ctx: SandboxContext): Route[] {
  const { db } = ctx;
  const projects = createProjectStore(ctx);
  const timelines = createTimelineStore(ctx);
  const templates = createTemplateStore(ctx);
  const prepared = createPreparedProjects(ctx, timelines);
  const assetFacts = db.prepare('SELECT kind, duration_ms FROM assets WHERE id = ? AND account_id = ?');
  const assetsOf =
    (accountId: number): AssetLookup =>
    (id) => {
      const row = assetFacts.get(id, accountId) as { kind: MediaFacts['kind']; duration_ms: number | null } | undefined;
      return row && { kind: row.kind, durationMs: row.duration_ms };
    };

  return [
    route({
      method: 'GET',
      path: '/templates',
      auth: 'any',
      tag: 'Templates',
      summary: 'List templates, newest first (each with its latest version number)',
      query: pageQuery,
      responses: { 200: { description: 'A page of templates', schema: TemplateSummarySchema, list: true } },
      handler({ principal, query }) {
        const { items, pagination } = pageOf(
          (where, args, limit) => templates.page(principal.accountId, where, args, limit),
          query,
        );
        return { data: items, pagination };
      },
    }),
    route<z.infer<typeof TemplateInput>>({
      method: 'POST',
      path: '/templates',
      auth: 'any',
      tag: 'Templates',
      summary:
        "Publish an immutable template version: the project's current editor timeline, frozen, with typed slots (text, image, video, audio, color, number) and bindings of slots to clip properties (asset, text, properties.<name>). With templateId, publishes that template's next version. Not charged",
      body: TemplateInput,
      idempotent: true,
      responses: {
        201: { description: 'The new version', schema: TemplateVersionSchema },
        200: {
          description: 'A replay: this Idempotency-Key already published this version with the same inputs',
          schema: TemplateVersionSchema,
        },
        400: {
          description:
            'request.invalid (a field of the body) or template.invalid (a binding or default that does not fit the timeline; error.field names it)',
        },
        404: { description: 'resource.not_found: no such project, or no such templateId, in this account' },
        409: { description: 'idempotency.key_reused: this key was used with other inputs' },
      },
      handler({ principal, body, idempotencyKey }) {
        const { accountId } = principal;
        const outcome = acceptOnce(ctx, { accountId, idempotencyKey, operation: PUBLISH, input: body }, () => {
          const project = projects.get(accountId, body.projectId);
          if (body.templateId !== undefined) templates.template(accountId, body.templateId);
          const stored = timelines.read(accountId, body.projectId);
          checkTemplate(body, stored.tracks, assetsOf(accountId));
          return templates.publish(accountId, body.templateId, {
            name: body.name,
            projectId: body.projectId,
            sourceRevision: stored.revision,
            aspectRatio: project.aspect_ratio,
            slots: body.slots,
            bindings: body.bindings,
            tracks: stored.tracks,
          });
        });
        return { status: outcome.replay ? 200 : 201, data: templates.versionById(outcome.id) };
      },
    }),
    route({
      method: 'GET',
      path: '/templates/{templateId}',
      auth: 'any',
      tag: 'Templates',
      summary: 'Read a template: its latest version in full and the list of all its versions',
      responses: {
        200: { description: 'The template', schema: TemplateSchema },
        404: { description: 'resource.not_found: no such template in this account' },
      },
      handler({ principal, params }) {
        return { data: templates.detail(principal.accountId, params.templateId as number) };
      },
    }),
    route({
      method: 'GET',
      path: '/templates/{templateId}/versions/{version}',
      auth: 'any',
      tag: 'Templates',
      summary: 'Read one published version of a template (it never changes)',
      responses: {
        200: { description: 'The version', schema: TemplateVersionSchema },
        404: { description: 'resource.not_found: no such template in this account, or no such version of it' },
      },
      handler({ principal, params }) {
        return { data: templates.version(principal.accountId, params.templateId as number, params.version as number) };
      },
    }),
    route<VariantsBody>({
      method: 'POST',
      path: '/templates/{templateId}/variants',
      auth: 'any',
      tag: 'Templates',
      summary:
        "Apply variations to a template version: each variant's values are checked against the slots (type, kind of media, length, range, required, unknown names); with dryRun only the check is answered, otherwise each variant becomes a prepared project whose timeline has the values bound (all or nothing). Not charged",
      body: VariantsInput,
      idempotent: true,
      responses: {
        200: {
          description:
            'dryRun: the check, variant by variant (nothing created); or a replay of an earlier identical request (the prepared projects it made)',
          schema: VariantCheckSchema.or(PreparedVariantsSchema),
        },
        201: { description: 'Every variant was valid: one prepared project each', schema: PreparedVariantsSchema },
        400: {
          description:
            'request.invalid (a field of the body) or template.variants_invalid (error.variants lists each variant with its errors by slot; nothing was created)',
        },
        404: { description: 'resource.not_found: no such template in this account, or no such version of it' },
        409: { description: 'idempotency.key_reused: this key was used with other inputs' },
      },
      handler({ principal, params, body, idempotencyKey }) {
        const { accountId } = principal;
        const templateId = params.templateId as number;
        const asset = assetsOf(accountId);
        if (body.dryRun) {
          const template = templates.version(accountId, templateId, body.version);
          const checked = prepare(template, body.variants, asset);
          return {
            data: {
              templateId,
              version: template.version,
              valid: checked.every((c) => c.errors.length === 0),
              variants: checked.map((c) => ({ name: c.name, valid: c.errors.length === 0, errors: c.errors })),
            },
          };
        }
        const input = { templateId, version: body.version, variants: body.variants };
        const outcome = acceptOnce(ctx, { accountId, idempotencyKey, operation: VARIANTS, input }, () => {
          const template = templates.version(accountId, templateId, body.version);
          const checked = prepare(template, body.variants, asset);
          if (checked.some((c) => c.errors.length > 0)) throw variantsInvalid(checked);
          return prepared.create(
            accountId,
            template,
            checked.map((c) => c.ready),
          );
        });
        return { status: outcome.replay ? 200 : 201, data: prepared.set(outcome.id) };
      },
    }),
    ...batchRoutes(ctx, timelines),
  ];
}
