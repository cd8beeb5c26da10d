import type { SandboxContext } from '../context.ts';
import type { Route } from '../http/route.ts';

// Stub: filled in by the generations work of issue 2.
export function generationRoutes(_ctx: SandboxContext): Route[] {
  return [];
}
