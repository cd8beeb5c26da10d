import type { SandboxContext } from '../context.ts';
import type { Route } from '../http/route.ts';

// Stub: filled in by the assets work of issue 2.
export function assetRoutes(_ctx: SandboxContext): Route[] {
  return [];
}
