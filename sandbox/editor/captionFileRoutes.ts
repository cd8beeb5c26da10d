// The timeline's captions as a caption file (SubRip or WebVTT), timed to the timeline: the
// text shared/production/captionFiles.ts writes, which the app also saves from its Export
// dialog. For a caption file beside a render whose captions are not burnt in.
import { z } from 'zod';
import {
  CAPTION_FILE_TYPES,
  captionCues,
  captionFile,
  type CaptionFileFormat,
} from '../../shared/production/captionFiles.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { HANDLED, route, type Route } from '../http/route.ts';
import { createProjectStore } from '../create/projects.ts';
import type { TimelineStore } from './timelineStore.ts';

const CaptionFileQuery = z.strictObject({
  trackId: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("One caption track's id; every caption track's captions, in time order, by default."),
});

export function captionFileRoutes(ctx: SandboxContext, timelines: TimelineStore): Route[] {
  const projects = createProjectStore(ctx);
  const one = (format: CaptionFileFormat): Route =>
    route({
      method: 'GET',
      path: `/projects/{id}/editor/captions.${format}`,
      auth: 'any',
      tag: 'Editor',
      summary:
        format === 'srt'
          ? "The timeline's captions as SubRip (SRT): numbered cues timed to the timeline, timestamps like 00:00:01,000"
          : "The timeline's captions as WebVTT: a WEBVTT header, cues timed to the timeline, timestamps like 00:00:01.000",
      query: CaptionFileQuery,
      responses: {
        200: {
          description: `The caption file (${CAPTION_FILE_TYPES[format]}); no cues when the timeline has no captions`,
          contentType: CAPTION_FILE_TYPES[format],
        },
        404: { description: 'resource.not_found: no such project, or no caption track trackId in its timeline' },
      },
      handler({ principal, params, query, res, requestId }) {
        const projectId = params.id as number;
        projects.get(principal.accountId, projectId);
        const { tracks } = timelines.read(principal.accountId, projectId);
        const { trackId } = query as z.infer<typeof CaptionFileQuery>;
        if (trackId !== undefined && !tracks.some((t) => t.id === trackId && t.kind === 'caption'))
          throw new ApiError(
            'resource.not_found',
            `The timeline has no caption track ${JSON.stringify(trackId)}: use the id of one of its caption tracks, or leave trackId out.`,
          );
        const text = captionFile(captionCues(tracks, trackId), format);
        res.writeHead(200, {
          'content-type': `${CAPTION_FILE_TYPES[format]}; charset=utf-8`,
          'content-length': Buffer.byteLength(text),
          'content-disposition': `inline; filename="project-${projectId}-captions.${format}"`,
          'cache-control': 'no-store',
          'x-request-id': requestId,
        });
        res.end(text);
        return HANDLED;
      },
    });
  return [one('srt'), one('vtt')];
}
