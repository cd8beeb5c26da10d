// Export for every destination, the pure parts: the presets (what each sends and says, and
// the warning when the project's shape is not the preset's), what of the timeline goes out,
// and the caption track as SRT and WebVTT timed to the timeline.
import { describe, expect, it } from 'vitest';
import { ExportInputSchema } from '../../shared/api/createTypes.ts';
import { captionCues, captionFile } from '../../shared/production/captionFiles.ts';
import { exportWhatProblem, timelineExportInput } from '../../shared/production/exportPlan.ts';
import { EXPORT_PRESETS, presetShapeWarning, presetSummary } from '../../shared/production/exportPresets.ts';
import type { Track } from '../../shared/timeline/timelineTypes.ts';
import { INITIAL_SETTINGS, outputOf, withPreset, withSetting } from '../../renderer/screens/production/exportChoice.ts';

const preset = (id: string) => EXPORT_PRESETS.find((p) => p.id === id)!;

describe('export presets', () => {
  it('offers each destination with its frame, frame rate, codecs and bit rates', () => {
    expect(EXPORT_PRESETS.map((p) => p.name)).toEqual([
      'YouTube 1080p',
      'YouTube 4K',
      'Shorts / TikTok / Reels',
      'Instagram feed 4:5',
      'Instagram feed square',
      'Podcast audio',
      'High-quality master (ProRes)',
    ]);
    expect(presetSummary(preset('vertical-1080x1920'), '9:16')).toBe(
      '1080 × 1920, 30 fps, H.264 video, AAC audio; video variable bit rate at constant quality (x264 CRF 18); audio AAC 192 kb/s',
    );
    expect(presetSummary(preset('youtube-4k'), '16:9')).toMatch(/^3840 × 2160, 30 fps/);
    expect(presetSummary(preset('instagram-4x5'), '4:5')).toMatch(/^1080 × 1350/);
    expect(presetSummary(preset('podcast'), '16:9')).toBe('MP3 audio: MP3 160 kb/s, 48 kHz stereo, −16 LUFS');
    expect(preset('podcast').output).toMatchObject({ format: 'mp3', loudnessLufs: -16 });
    expect(preset('master-prores').output.format).toBe('mov-prores');
  });

  it("warns when the project's shape is not the preset's, and says what the export will be", () => {
    expect(presetShapeWarning(preset('vertical-1080x1920'), '9:16')).toBeNull();
    expect(presetShapeWarning(preset('youtube-1080p'), '16:9')).toBeNull();
    expect(presetShapeWarning(preset('master-prores'), '4:5')).toBeNull();
    expect(presetShapeWarning(preset('vertical-1080x1920'), '16:9')).toBe(
      'Shorts / TikTok / Reels is 9:16; this project is 16:9, so the export keeps its 16:9 frame (1920 × 1080). Make a 9:16 copy of the project (reframe) to fill the 9:16 frame.',
    );
  });
});

describe("the Export dialog's choice", () => {
  it('takes a preset, turns custom when a setting changes, and sends only what applies', () => {
    const podcast = withPreset(INITIAL_SETTINGS, 'podcast');
    expect(outputOf(podcast)).toEqual({
      resolution: '1080p',
      frameRate: 30,
      quality: 'standard',
      format: 'mp3',
      loudnessLufs: -16,
    });
    const louder = withSetting(podcast, 'loudnessLufs', -14);
    expect(louder.presetId).toBe('custom');
    expect(outputOf(louder).loudnessLufs).toBe(-14);
    const master = withSetting(withPreset(INITIAL_SETTINGS, 'master-prores'), 'burnCaptions', false);
    expect(outputOf(master)).toMatchObject({ format: 'mov-prores', burnCaptions: false });
    expect(outputOf(master)).not.toHaveProperty('loudnessLufs');
    // A still is a PNG whatever the format: no loudness, the captions as chosen.
    expect(outputOf(podcast, true)).toEqual({ resolution: '1080p', frameRate: 30, quality: 'standard', format: 'mp4' });
  });
});

describe('what of the timeline an export makes', () => {
  it('sends the range or the still inside timeline, which the client schema takes', () => {
    const range = timelineExportInput(3, 'r1', { format: 'webm-vp9' }, { kind: 'range', startMs: 1000, endMs: 2500 });
    expect(range).toEqual({
      projectId: 3,
      timeline: { revision: 'r1', range: { startMs: 1000, endMs: 2500 } },
      output: { format: 'webm-vp9' },
    });
    const still = timelineExportInput(3, 'r1', {}, { kind: 'still', atMs: 1234.4 });
    expect(still.timeline).toEqual({ revision: 'r1', still: { atMs: 1234 } });
    expect(ExportInputSchema.safeParse(range).success).toBe(true);
    expect(ExportInputSchema.safeParse({ ...range, output: { format: 'avi' } }).success).toBe(false);
    expect(ExportInputSchema.safeParse({ ...range, output: { format: 'mp3', loudnessLufs: -40 } }).success).toBe(false);
  });

  it('says what to change about a range or a still that cannot go', () => {
    expect(exportWhatProblem({ kind: 'whole' }, 5000)).toBeNull();
    expect(exportWhatProblem({ kind: 'range', startMs: 1000, endMs: 2000 }, 5000)).toBeNull();
    expect(exportWhatProblem({ kind: 'range', startMs: Number.NaN, endMs: 2000 }, 5000)).toBe(
      'The range needs a start and an end on the timeline.',
    );
    expect(exportWhatProblem({ kind: 'range', startMs: 2000, endMs: 1000 }, 5000)).toBe(
      'The range must end after it starts.',
    );
    expect(exportWhatProblem({ kind: 'range', startMs: 0, endMs: 6000 }, 5000)).toBe(
      'The range ends at 0:06.0, after the timeline (0:05.0): end it sooner.',
    );
    expect(exportWhatProblem({ kind: 'still', atMs: 5000 }, 5000)).toMatch(/move it onto a frame/);
  });
});

describe('captions out', () => {
  const caption = (id: string, startMs: number, endMs: number, text: string) => ({
    id,
    kind: 'caption' as const,
    startMs,
    endMs,
    text,
    style: 'subtitle',
    font: 'inter',
  });
  const tracks = [
    { id: 'v', kind: 'video', name: 'V1', muted: false, locked: false, clips: [] },
    {
      id: 'c2',
      kind: 'caption',
      name: 'C2',
      muted: false,
      locked: false,
      clips: [caption('b', 3_723_004, 3_725_000, 'a < b & c --> d')],
    },
    {
      id: 'c1',
      kind: 'caption',
      name: 'C1',
      muted: false,
      locked: false,
      clips: [caption('a', 500, 1750, 'Hello there,\nworld'), caption('e', 2000, 2500, '   ')],
    },
  ] as Track[];

  it('writes every caption track in time order as SubRip, timed to the timeline', () => {
    expect(captionFile(captionCues(tracks), 'srt')).toBe(
      '1\n00:00:00,500 --> 00:00:01,750\nHello there,\nworld\n\n2\n01:02:03,004 --> 01:02:05,000\na < b & c -> d\n',
    );
  });

  it('writes WebVTT with its header, its markup characters escaped, and one track when asked', () => {
    expect(captionFile(captionCues(tracks), 'vtt')).toBe(
      'WEBVTT\n\n1\n00:00:00.500 --> 00:00:01.750\nHello there,\nworld\n\n2\n01:02:03.004 --> 01:02:05.000\na &lt; b &amp; c --&gt; d\n',
    );
    expect(captionCues(tracks, 'c2').map((c) => c.startMs)).toEqual([3_723_004]);
    expect(captionFile([], 'vtt')).toBe('WEBVTT\n');
  });
});
