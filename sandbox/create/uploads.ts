import type { SandboxContext } from '../context.ts';
import type { Route } from '../http/route.ts';

// Stub: resumable uploads over tus 1.0 (POST /uploads), issue 3.
export function uploadRoutes(_ctx: SandboxContext): Route[] {
  return [];
}
