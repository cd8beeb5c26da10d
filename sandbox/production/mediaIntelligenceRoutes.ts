// Media intelligence: transcriptions, reviews, speech edits and finishes — the four
// asynchronous jobs that read an asset's real sound and picture (spec: "Operations known
// by name only"). Each lives in its own module; this only lists them in /openapi.json order.
import type { SandboxContext } from '../context.ts';
import type { Route } from '../http/route.ts';
import { finishRoutes } from './finishes.ts';
import { reviewRoutes } from './reviews.ts';
import { speechEditRoutes } from './speechEdits.ts';
import { transcriptionRoutes } from './transcriptions.ts';

export function mediaIntelligenceRoutes(ctx: SandboxContext): Route[] {
  return [...transcriptionRoutes(ctx), ...reviewRoutes(ctx), ...speechEditRoutes(ctx), ...finishRoutes(ctx)];
}
