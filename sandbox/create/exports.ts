import type { SandboxContext } from '../context.ts';
import type { Route } from '../http/route.ts';

// Stub: filled in by the exports work of issue 2.
export function exportRoutes(_ctx: SandboxContext): Route[] {
  return [];
}
