// POST /_sandbox/transcriptions/seed: a completed transcription of an asset, its words given
// by the caller, so a benchmark can open a two-hour transcript without an hour of speech
// recognition. Sandbox-only (admin token, like every /_sandbox control); nothing is charged.
// The words are tuples ([text, startMs, endMs]) so 12,000 of them fit in the 1 MiB body.
import { z } from 'zod';
import type { SandboxContext } from '../context.ts';
import { transaction } from '../db/database.ts';
import { ApiError } from '../http/apiError.ts';
import { route, type Route } from '../http/route.ts';
import { createTranscriptionStore } from '../production/transcriptions.ts';

const SeedBody = z.strictObject({
  assetId: z.number().int().min(1),
  language: z.string().default('en'),
  words: z
    .array(z.tuple([z.string().min(1), z.number().int().min(0), z.number().int().min(0)]))
    .max(50_000)
    .describe('[text, startMs, endMs] in time order, milliseconds from the start of the asset'),
});

export function transcriptSeedRoutes(ctx: SandboxContext): Route[] {
  const store = createTranscriptionStore(ctx);
  return [
    route<z.infer<typeof SeedBody>>({
      method: 'POST',
      path: '/_sandbox/transcriptions/seed',
      auth: 'none',
      tag: 'Sandbox admin',
      summary: 'Store a completed transcription of an asset with the given words (no recognition, nothing charged)',
      body: SeedBody,
      responses: { 201: { description: 'The transcription', schema: z.object({ id: z.number().int() }) } },
      handler({ body }) {
        const asset = ctx.db
          .prepare('SELECT account_id, project_id, duration_ms FROM assets WHERE id = ?')
          .get(body.assetId) as
          { account_id: number; project_id: number | null; duration_ms: number | null } | undefined;
        if (!asset) throw new ApiError('resource.not_found', `No asset ${body.assetId}: upload it first.`);
        let previousEnd = 0;
        body.words.forEach(([text, startMs, endMs], i) => {
          if (endMs < startMs || startMs < previousEnd)
            throw new ApiError(
              'request.invalid',
              `words[${i}] ("${text}", ${startMs}–${endMs} ms) must end after it starts and start after the word before it ends.`,
            );
          previousEnd = endMs;
        });
        const words = body.words.map(([text, startMs, endMs]) => ({ text, startMs, endMs, confidence: 1 }));
        const durationMs = asset.duration_ms ?? previousEnd;
        const id = transaction(ctx.db, () => {
          const id = store.insert({
            accountId: asset.account_id,
            assetId: body.assetId,
            projectId: asset.project_id,
            input: { language: body.language, billedSeconds: 0, soundMs: durationMs },
          });
          store.markCompleted(id, { durationMs, text: words.map((w) => w.text).join(' '), words });
          return id;
        });
        return { status: 201, data: { id } };
      },
    }),
  ];
}
