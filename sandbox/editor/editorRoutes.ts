import type { SandboxContext } from '../context.ts';
import type { Route } from '../http/route.ts';

// Stub: editor catalog, timeline, commands, sessions, media sync, render, issue 3.
export function editorRoutes(_ctx: SandboxContext): Route[] {
  return [];
}
