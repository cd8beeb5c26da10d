// Sandbox-only controls under /_sandbox, guarded by the admin token from the READY line.
// They do not exist on the real service; tests use them to move time and switch faults.
import { z } from 'zod';
import type { SandboxContext } from '../context.ts';
import { route, type Route } from '../http/route.ts';

export function adminRoutes(ctx: SandboxContext): Route[] {
  return [
    route({
      method: 'POST',
      path: '/_sandbox/clock',
      auth: 'none',
      tag: 'Sandbox admin',
      summary: "Move the sandbox's clock forward (expire keys without waiting)",
      body: z.strictObject({ advanceMs: z.number().int().min(0) }),
      responses: { 200: { description: 'The new time', schema: z.object({ now: z.string() }) } },
      handler({ body }) {
        ctx.clock.advance(body.advanceMs);
        return { data: { now: new Date(ctx.clock.now()).toISOString() } };
      },
    }),
    route({
      method: 'GET',
      path: '/_sandbox/stats',
      auth: 'none',
      tag: 'Sandbox admin',
      summary: 'Counts of what the sandbox has created, for exactly-once checks',
      responses: { 200: { description: 'Counts', schema: z.record(z.string(), z.number()) } },
      handler() {
        const count = (table: string) =>
          (ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
        return {
          data: {
            projects: count('projects'),
            assets: count('assets'),
            generations: count('generations'),
            exports: count('exports'),
          },
        };
      },
    }),
  ];
}
