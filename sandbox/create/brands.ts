import type { SandboxContext } from '../context.ts';
import type { Route } from '../http/route.ts';

// Stub: brands, GET /brands/{id}/assets, attaching brand assets to projects, issue 3.
export function brandRoutes(_ctx: SandboxContext): Route[] {
  return [];
}
