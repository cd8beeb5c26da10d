// A source project for the template and batch tests: real uploaded media on a timeline of
// one video clip (0–3000 ms) and one caption (0–1000 ms), plus spare media of each kind
// for variants to bind, and the template body with a text and a video slot.
import { randomUUID } from 'node:crypto';
import { editorClient, trackOf } from './editorSupport.ts';
import { makeMp4, makePng, makeWav } from './mediaFixtures.ts';
import type { ApiCall } from './sandboxProcess.ts';

export interface TemplateSource {
  projectId: number;
  videoClipId: string;
  captionClipId: string;
  /** Spare media of the project: a 1 s and a 2 s video, an image and a sound. */
  media: { shortVideo: number; longVideo: number; image: number; audio: number };
}

export async function makeTemplateSource(call: ApiCall, dir: string): Promise<TemplateSource> {
  const editor = editorClient(call);
  const projectId = await editor.createProject('Template source');
  const [main, short, long, png, wav] = await Promise.all([
    makeMp4(dir, { seconds: 3 }),
    makeMp4(dir, { seconds: 1 }),
    makeMp4(dir, { seconds: 2 }),
    makePng(dir),
    makeWav(dir, { seconds: 1 }),
  ]);
  const source = await editor.upload(main, projectId);
  const [shortVideo, longVideo, image, audio] = [
    await editor.upload(short, projectId),
    await editor.upload(long, projectId),
    await editor.upload(png, projectId),
    await editor.upload(wav, projectId),
  ];
  const start = await editor.timeline(projectId);
  const videoClipId = randomUUID();
  const captionClipId = randomUUID();
  await editor.apply(projectId, start.revision, [
    { type: 'addClip', trackId: trackOf(start, 'video').id, clipId: videoClipId, assetId: source.id, startMs: 0 },
    {
      type: 'addCaption',
      trackId: trackOf(start, 'caption').id,
      clipId: captionClipId,
      startMs: 0,
      endMs: 1000,
      text: 'Placeholder caption',
    },
  ]);
  return {
    projectId,
    videoClipId,
    captionClipId,
    media: { shortVideo: shortVideo.id, longVideo: longVideo.id, image: image.id, audio: audio.id },
  };
}

/** A template body: a required caption text, an optional video clip, and an unbound brand colour. */
export function templateBody(source: TemplateSource, extra: Record<string, unknown> = {}) {
  return {
    name: 'Promo',
    projectId: source.projectId,
    slots: [
      {
        name: 'caption',
        type: 'text',
        required: true,
        description: 'The line under the clip.',
        constraints: { maxLength: 40 },
      },
      { name: 'clip', type: 'video', required: false, constraints: { maxDurationMs: 10_000 } },
      { name: 'brandColor', type: 'color', required: false, default: '#112233' },
    ],
    bindings: [
      { slot: 'caption', clipId: source.captionClipId, property: 'text' },
      { slot: 'clip', clipId: source.videoClipId, property: 'asset' },
    ],
    ...extra,
  };
}

/** POST with a fresh (or given) Idempotency-Key. */
export function postIdempotent(call: ApiCall, path: string, body: unknown, key: string = randomUUID()) {
  return call('POST', path, { headers: { 'idempotency-key': key }, body });
}
