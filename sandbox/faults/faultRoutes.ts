// Sandbox-only: read and switch the faults while the sandbox runs (the CLI flags set them at start).
import type { SandboxContext } from '../context.ts';
import { route, type Route } from '../http/route.ts';
import { applyFaults, currentFaults, FaultPatchSchema, FaultSettingsSchema } from './faultSettings.ts';

export function faultRoutes(ctx: SandboxContext): Route[] {
  const { faults, jobs } = ctx;
  return [
    route({
      method: 'GET',
      path: '/_sandbox/faults',
      auth: 'none',
      tag: 'Sandbox admin',
      summary: 'The fault switches now in force',
      responses: { 200: { description: 'Every switch', schema: FaultSettingsSchema } },
      handler: () => ({ data: currentFaults(faults, jobs.tuning) }),
    }),
    route({
      method: 'POST',
      path: '/_sandbox/faults',
      auth: 'none',
      tag: 'Sandbox admin',
      summary: 'Change some fault switches (the others keep their values); 0 / false switches one off',
      body: FaultPatchSchema,
      responses: { 200: { description: 'Every switch, after the change', schema: FaultSettingsSchema } },
      handler({ body }) {
        const now = applyFaults(faults, jobs.tuning, body);
        ctx.log(`faults: ${JSON.stringify(now)}`);
        return { data: now };
      },
    }),
  ];
}
