// The media cache's pure rules: which sources need a playback proxy (and why, in words), and
// which bytes a Range asks for when the app serves a cached file to its page.
import { describe, expect, it } from 'vitest';
import { answerRange } from '../../main/core/mediaCache/byteRange.ts';
import type { MediaProbe } from '../../main/core/mediaCache/mediaProbe.ts';
import { proxyArgs, proxyFormat, proxyPlan, retagArgs } from '../../main/core/mediaCache/proxyMaker.ts';

const video: MediaProbe = {
  kind: 'video',
  width: 1280,
  height: 720,
  durationMs: 10_000,
  frameRate: 30,
  hasVideo: true,
  hasAudio: true,
  container: 'mov,mp4,m4a,3gp,3g2,mj2',
  colour: { space: 'bt709', primaries: 'bt709', transfer: 'bt709', range: 'tv' },
  videoCodec: 'h264',
  pixelFormat: 'yuv420p',
  audioCodec: 'aac',
  keyframeGapMs: 1000,
};

const proxyReason = (probe: MediaProbe) => proxyPlan(probe)?.reason ?? null;

describe('proxies', () => {
  it('plays 720p H.264 with keyframes a second apart as it is; images and common sounds too', () => {
    expect(proxyReason(video)).toBeNull();
    expect(proxyReason({ ...video, width: 720, height: 1280 })).toBeNull();
    expect(proxyReason({ ...video, kind: 'image', videoCodec: 'png', container: 'png_pipe' })).toBeNull();
    const wav = { ...video, kind: 'audio' as const, hasVideo: false, videoCodec: null, container: 'wav' };
    expect(proxyReason({ ...wav, audioCodec: 'pcm_s16le' })).toBeNull();
  });

  it('makes one for more than 720 lines, far keyframes, or what Chromium cannot play, saying why', () => {
    expect(proxyReason({ ...video, width: 1920, height: 1080 })).toMatch(/1080 lines/);
    expect(proxyReason({ ...video, width: 1080, height: 1920 })).toMatch(/1080 lines/);
    expect(proxyReason({ ...video, keyframeGapMs: 8000 })).toMatch(/8\.0 s apart/);
    expect(proxyReason({ ...video, videoCodec: 'prores' })).toMatch(/prores/);
    expect(proxyReason({ ...video, pixelFormat: 'yuv420p10le' })).toMatch(/yuv420p10le/);
    expect(proxyReason({ ...video, audioCodec: 'pcm_s16be' })).toMatch(/sound/);
    expect(proxyReason({ ...video, container: 'avi' })).toMatch(/container/);
    // Only too large or far keyframes: the original plays while the proxy is made.
    expect(proxyPlan({ ...video, width: 1920, height: 1080 })).toMatchObject({
      kind: 'transcode',
      originalPlays: true,
    });
    expect(proxyPlan({ ...video, videoCodec: 'prores' })).toMatchObject({ kind: 'transcode', originalPlays: false });
  });

  it('tags an untagged H.264 video BT.601 without encoding it again (Chromium would read it as BT.709)', () => {
    expect(proxyPlan({ ...video, colour: null })).toMatchObject({ kind: 'retag', originalPlays: true });
    expect(proxyPlan({ ...video, colour: null, videoCodec: 'vp9' })).toMatchObject({ kind: 'transcode' });
    expect(proxyPlan({ ...video, kind: 'image', colour: null, container: 'png_pipe', videoCodec: 'png' })).toBeNull();
    const retag = retagArgs('in', 'out').join(' ');
    expect(retag).toContain('-c copy');
    expect(retag).toContain('h264_metadata=colour_primaries=6:transfer_characteristics=6:matrix_coefficients=6');
    expect(retag).toContain('+write_colr');
    // A proxy keeps the source's tags; an untagged source's is tagged BT.601.
    expect(proxyArgs('in', 'out', video).join(' ')).toContain('-colorspace bt709');
    expect(proxyArgs('in', 'out', { ...video, colour: null }).join(' ')).toContain('-colorspace smpte170m');
  });

  it('asks ffmpeg for constant-rate H.264 with a keyframe every half second at the source rate', () => {
    const args = proxyArgs('in', 'out', { ...video, frameRate: 25 }).join(' ');
    expect(args).toContain('-fps_mode cfr -r 25');
    expect(args).toContain('-g 13 -keyint_min 13 -sc_threshold 0');
    expect(args).toMatch(/-c:v libx264 .* -pix_fmt yuv420p/);
    expect(proxyArgs('in', 'out', { ...video, kind: 'audio', hasVideo: false }).join(' ')).toContain('-vn');
  });

  it('keeps a picture’s alpha: VP9 with alpha in WebM, read through libvpx when the source is VP9 with alpha', () => {
    const prores = { ...video, videoCodec: 'prores', pixelFormat: 'yuva444p12le', alpha: true, alphaDecoder: null };
    expect(proxyPlan(prores)).toMatchObject({ kind: 'transcode' });
    const args = proxyArgs('in', 'out', prores).join(' ');
    expect(args).toMatch(/-c:v libvpx-vp9 -pix_fmt yuva420p/);
    expect(args).toContain('-c:a libopus');
    expect(args).toMatch(/-f webm out$/);
    expect(args).not.toContain('libx264');
    // An untagged VP9 with alpha is made again (tagged BT.601): its alpha is decoded by libvpx, kept.
    const vp9 = { ...video, videoCodec: 'vp9', colour: null, alpha: true, alphaDecoder: 'libvpx-vp9' };
    expect(proxyPlan(vp9)).toMatchObject({ kind: 'transcode' });
    expect(proxyArgs('in', 'out', vp9).join(' ')).toMatch(/-c:v libvpx-vp9 -i in .*-pix_fmt yuva420p/);
    expect(proxyFormat(vp9)).toEqual({ format: 'webm', contentType: 'video/webm' });
    expect(proxyFormat(video)).toEqual({ format: 'mp4', contentType: 'video/mp4' });
  });
});

describe('byte ranges served to the page', () => {
  it('answers one range, a suffix, an open end; the whole file without or with an unusable header', () => {
    expect(answerRange('bytes=0-99', 1000)).toEqual({ status: 206, start: 0, end: 99 });
    expect(answerRange('bytes=900-', 1000)).toEqual({ status: 206, start: 900, end: 999 });
    expect(answerRange('bytes=-10', 1000)).toEqual({ status: 206, start: 990, end: 999 });
    expect(answerRange('bytes=990-5000', 1000)).toEqual({ status: 206, start: 990, end: 999 });
    expect(answerRange(null, 1000)).toEqual({ status: 200, start: 0, end: 999 });
    expect(answerRange('bytes=0-1,5-6', 1000)).toEqual({ status: 200, start: 0, end: 999 });
    expect(answerRange('bytes=9-3', 1000)).toEqual({ status: 200, start: 0, end: 999 });
  });

  it('refuses a range past the end (416)', () => {
    expect(answerRange('bytes=1000-', 1000)).toEqual({ status: 416 });
    expect(answerRange('bytes=-0', 1000)).toEqual({ status: 416 });
  });
});
