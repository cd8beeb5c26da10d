import type { SandboxContext } from '../context.ts';
import type { Route } from '../http/route.ts';

// Stub: filled in by the models work of issue 2.
export function modelRoutes(_ctx: SandboxContext): Route[] {
  return [];
}
