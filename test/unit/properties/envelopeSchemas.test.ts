// The client's tolerant reading of the Create API (shared/api/envelope.ts, createTypes.ts):
// for any JSON a service might send, the schemas answer (never throw); what they accept has
// the fields the client relies on, typed; and whatever a newer service adds is kept as it
// came, so it never breaks an older client.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema, PaginationSchema, SuccessEnvelopeSchema } from '../../../shared/api/envelope.ts';
import {
  AssetSchema,
  ExportSchema,
  GenerationSchema,
  MeSchema,
  ModelSchema,
  ProjectSchema,
} from '../../../shared/api/createTypes.ts';
import { bounded, timed } from './propertySupport.ts';

const RUN_MS = 1_000;

/** Any JSON value, including objects that look a little like envelopes. */
const anyJson = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      data: fc.jsonValue(),
      error: fc.oneof(fc.jsonValue(), fc.record({ code: fc.jsonValue(), message: fc.jsonValue() })),
      meta: fc.oneof(fc.jsonValue(), fc.record({ requestId: fc.jsonValue() }, { requiredKeys: [] })),
      pagination: fc.oneof(fc.jsonValue(), fc.record({ nextCursor: fc.jsonValue() })),
    },
    { requiredKeys: [] },
  ),
);

const positiveId = fc.integer({ min: 1, max: 2_147_483_647 });
const isoTime = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
/** A job state the client knows, or one it has never heard of. */
const jobState = fc.oneof(fc.constantFrom('queued', 'running', 'completed', 'failed', 'cancelled'), fc.string());

/** Extra fields a newer service might add: names that are none of the schema's own. */
function extras(known: readonly string[]) {
  return fc.dictionary(
    fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !known.includes(k) && k !== '__proto__'),
    fc.jsonValue(),
    { maxKeys: 4 },
  );
}

const cases = [
  {
    name: 'Project',
    schema: ProjectSchema,
    value: fc.record({
      id: positiveId,
      name: fc.string(),
      aspectRatio: fc.string(),
      scenes: fc.array(fc.record({ id: fc.uuid(), position: fc.nat() }), { maxLength: 3 }),
      updatedAt: isoTime,
    }),
  },
  {
    name: 'Generation',
    schema: GenerationSchema,
    value: fc.record(
      { id: positiveId, state: jobState, outputs: fc.array(positiveId, { maxLength: 3 }), prompt: fc.string() },
      { requiredKeys: ['id', 'state'] },
    ),
  },
  {
    name: 'Export',
    schema: ExportSchema,
    value: fc.record(
      {
        id: positiveId,
        state: jobState,
        assetId: fc.option(positiveId, { nil: null }),
        clips: fc.array(fc.record({ assetId: positiveId, durationMs: fc.nat() }), { maxLength: 3 }),
      },
      { requiredKeys: ['id', 'state'] },
    ),
  },
  {
    name: 'Asset',
    schema: AssetSchema,
    value: fc.record(
      { id: positiveId, kind: fc.string(), sizeBytes: fc.nat(), durationMs: fc.option(fc.nat(), { nil: null }) },
      { requiredKeys: ['id'] },
    ),
  },
  {
    name: 'Model',
    schema: ModelSchema,
    value: fc.record(
      { id: fc.string(), kind: fc.string(), priceUsd: fc.double({ noNaN: true, noDefaultInfinity: true }) },
      { requiredKeys: ['id'] },
    ),
  },
  {
    name: 'Me',
    schema: MeSchema,
    value: fc.record(
      { authenticatedWith: fc.string(), permissions: fc.array(fc.string(), { maxLength: 3 }) },
      { requiredKeys: [] },
    ),
  },
] as const;

describe('the envelope schemas, for any JSON', () => {
  it('answer without throwing; an accepted error envelope has a string code and message, and keeps its other fields', () => {
    fc.assert(
      fc.property(
        anyJson,
        timed(RUN_MS, (json) => {
          const success = SuccessEnvelopeSchema.safeParse(json);
          if (success.success && success.data.pagination) {
            const cursor = success.data.pagination.nextCursor;
            expect(cursor === null || typeof cursor === 'string').toBe(true);
          }
          const error = ErrorEnvelopeSchema.safeParse(json);
          if (error.success) {
            expect(typeof error.data.error.code).toBe('string');
            expect(typeof error.data.error.message).toBe('string');
            expect(error.data.error).toEqual((json as { error: object }).error);
          }
        }),
      ),
      bounded(2_000, 15_000),
    );
  });

  it('read a string or numeric cursor as a string, and null as the last page', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)),
        (cursor) => {
          const parsed = PaginationSchema.parse({ nextCursor: cursor });
          expect(parsed.nextCursor).toBe(cursor === null ? null : String(cursor));
        },
      ),
      bounded(500, 5_000),
    );
  });
});

describe('the resource schemas', () => {
  for (const { name, schema, value } of cases) {
    it(`${name}: answer any JSON without throwing, and keep every field a newer service adds`, () => {
      const known = Object.keys(schema.shape);
      fc.assert(
        fc.property(
          anyJson,
          value,
          extras(known),
          timed(RUN_MS, (noise, resource, added) => {
            schema.safeParse(noise);
            const parsed = schema.safeParse({ ...resource, ...added });
            expect(parsed.success, JSON.stringify(parsed.error?.issues[0])).toBe(true);
            const data = parsed.data as Record<string, unknown>;
            for (const [key, v] of Object.entries(added)) expect(data[key]).toEqual(v);
            if ('state' in resource) expect(data.state).toBe(resource.state);
          }),
        ),
        bounded(300, 10_000),
      );
    });
  }
});
