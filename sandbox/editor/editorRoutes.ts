// The editor part of the Create API: catalog, timeline and commands, editor sessions,
// media sync, renders and caption files. Each area has its own module; this file wires them together.
import type { SandboxContext } from '../context.ts';
import type { Route } from '../http/route.ts';
import { registerReframeJob } from '../reframe/reframeJob.ts';
import { reframeRoutes } from '../reframe/reframeRoutes.ts';
import { createReframeStore } from '../reframe/reframeStore.ts';
import { captionFileRoutes } from './captionFileRoutes.ts';
import { editorSessionRoutes } from './editorSessions.ts';
import { mediaSyncRoutes } from './mediaSync.ts';
import { registerRenderJob } from './renderJob.ts';
import { renderRoutes } from './renderRoutes.ts';
import { revisionRoutes } from './revisionRoutes.ts';
import { createRenderStore } from './renderStore.ts';
import { timelineRoutes } from './timelineRoutes.ts';
import { createTimelineStore } from './timelineStore.ts';

export function editorRoutes(ctx: SandboxContext): Route[] {
  const timelines = createTimelineStore(ctx);
  const renders = createRenderStore(ctx);
  registerRenderJob(ctx, renders);
  const reframes = createReframeStore(ctx);
  registerReframeJob(ctx, timelines, reframes);
  return [
    ...timelineRoutes(ctx, timelines),
    ...revisionRoutes(ctx, timelines),
    ...editorSessionRoutes(ctx, timelines),
    ...mediaSyncRoutes(ctx, timelines),
    ...renderRoutes(ctx, timelines, renders),
    ...captionFileRoutes(ctx, timelines),
    ...reframeRoutes(ctx, timelines, reframes),
  ];
}
