// The one decision about how a file is uploaded, or why it is not (shared/mediaTypes.ts).
import { describe, expect, it } from 'vitest';
import { CREATE_LIMITS, UPLOAD_LIMITS } from '../../shared/limits.ts';
import { acceptedMediaFor, formatBytes, guessMediaFromName, planUpload } from '../../shared/mediaTypes.ts';

const MiB = 1024 * 1024;
const png = acceptedMediaFor('png');
const mp4 = acceptedMediaFor('mp4');
const wav = acceptedMediaFor('wav');

describe('planUpload', () => {
  it('sends images up to 10 MiB and video or audio up to 100 MiB as multipart', () => {
    expect(planUpload({ filename: 'a.png', sizeBytes: CREATE_LIMITS.imageMaxBytes, media: png })).toMatchObject({
      ok: true,
      method: 'multipart',
    });
    expect(planUpload({ filename: 'a.mp4', sizeBytes: CREATE_LIMITS.videoAudioMaxBytes, media: mp4 })).toMatchObject({
      ok: true,
      method: 'multipart',
    });
    expect(planUpload({ filename: 'a.wav', sizeBytes: 5 * MiB, media: wav })).toMatchObject({
      ok: true,
      method: 'multipart',
    });
  });

  it('sends video and audio over 100 MiB resumably instead of refusing them', () => {
    expect(
      planUpload({ filename: 'a.mp4', sizeBytes: CREATE_LIMITS.videoAudioMaxBytes + 1, media: mp4 }),
    ).toMatchObject({ ok: true, method: 'resumable' });
    expect(planUpload({ filename: 'a.wav', sizeBytes: 300 * MiB, media: wav })).toMatchObject({
      ok: true,
      method: 'resumable',
    });
  });

  it('goes resumable on request for any accepted file', () => {
    expect(planUpload({ filename: 'a.png', sizeBytes: 1000, media: png, preferResumable: true })).toMatchObject({
      ok: true,
      method: 'resumable',
    });
  });

  it('refuses an image over 10 MiB, saying its size and what to change', () => {
    const plan = planUpload({ filename: 'photo.png', sizeBytes: Math.round(12.4 * MiB), media: png });
    expect(plan).toEqual({
      ok: false,
      code: 'upload.too_large',
      message: '"photo.png" is 12.4 MiB; images can be at most 10 MiB — use a smaller file.',
    });
  });

  it('refuses anything over the resumable limit', () => {
    const plan = planUpload({ filename: 'long.mp4', sizeBytes: UPLOAD_LIMITS.resumableMaxBytes + 1, media: mp4 });
    expect(plan).toMatchObject({ ok: false, code: 'upload.too_large' });
    expect(!plan.ok && plan.message).toContain('at most 2 GiB — split or compress the file');
  });

  it('refuses what is not accepted media, naming what it looks like and what is accepted', () => {
    const plan = planUpload({ filename: 'doc.pdf', sizeBytes: 1000, media: null, detected: 'application/pdf (.pdf)' });
    expect(plan).toMatchObject({ ok: false, code: 'media.unsupported_type' });
    expect(!plan.ok && plan.message).toMatch(/^"doc\.pdf" is not a media file .*application\/pdf.* — use images \(PNG/);
  });

  it('refuses a size that is no whole number of bytes (a negative, fractional or NaN size)', () => {
    for (const sizeBytes of [-5e-324, 5e-324, -1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(planUpload({ filename: 'a.png', sizeBytes, media: png }), String(sizeBytes)).toMatchObject({
        ok: false,
        code: 'request.invalid',
      });
    }
  });

  it('refuses an empty file', () => {
    expect(planUpload({ filename: 'a.mp4', sizeBytes: 0, media: mp4 })).toMatchObject({
      ok: false,
      code: 'request.invalid',
    });
  });
});

describe('the accepted formats', () => {
  it('knows formats by what file-type reports, and guesses from names for drag-and-drop', () => {
    expect(acceptedMediaFor('mov')).toEqual({ kind: 'video', contentType: 'video/quicktime' });
    expect(acceptedMediaFor('pdf')).toBeNull();
    expect(acceptedMediaFor(undefined)).toBeNull();
    // Names every plain object answers for are no formats.
    expect(acceptedMediaFor('constructor')).toBeNull();
    expect(acceptedMediaFor('__proto__')).toBeNull();
    expect(guessMediaFromName('clip.toString')).toBeNull();
    expect(guessMediaFromName('Holiday.JPEG')).toEqual({ kind: 'image', contentType: 'image/jpeg' });
    expect(guessMediaFromName('notes.txt')).toBeNull();
    expect(guessMediaFromName('README')).toBeNull();
  });

  it('formats sizes as people read them', () => {
    expect(formatBytes(812)).toBe('812 bytes');
    expect(formatBytes(10 * MiB)).toBe('10 MiB');
    expect(formatBytes(Math.round(12.44 * MiB))).toBe('12.4 MiB');
    expect(formatBytes(2.5 * 1024 * MiB)).toBe('2.5 GiB');
  });
});
