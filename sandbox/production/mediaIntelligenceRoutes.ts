import type { SandboxContext } from '../context.ts';
import type { Route } from '../http/route.ts';

// Stub: transcriptions, reviews, speech edits, finishes, issue 3.
export function mediaIntelligenceRoutes(_ctx: SandboxContext): Route[] {
  return [];
}
