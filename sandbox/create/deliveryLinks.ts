import type { SandboxContext } from '../context.ts';
import type { Route } from '../http/route.ts';

// Stub: delivery links (create, revoke, public fetch), issue 3.
export function deliveryLinkRoutes(_ctx: SandboxContext): Route[] {
  return [];
}
