import type { SandboxContext } from '../context.ts';
import type { Route } from '../http/route.ts';

// Stub: templates, variants and batches (productions), issue 3.
export function templateRoutes(_ctx: SandboxContext): Route[] {
  return [];
}
