// The upload decision (shared/mediaTypes.ts) for any file name, size and type: multipart,
// resumable, or a refusal with its code and a message naming the file — and an acceptance
// always within the limits (images 10 MiB; video and audio 100 MiB multipart, 2 GiB resumable).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CREATE_LIMITS, UPLOAD_LIMITS } from '../../../shared/limits.ts';
import {
  ACCEPTED_MEDIA,
  acceptedMediaFor,
  guessMediaFromName,
  multipartLimitFor,
  planUpload,
  type AcceptedMedia,
} from '../../../shared/mediaTypes.ts';
import { bounded, timed } from './propertySupport.ts';

const MiB = 1024 * 1024;
const KNOWN = Object.values(ACCEPTED_MEDIA);
const REFUSALS = ['media.unsupported_type', 'upload.too_large', 'request.invalid'];

/** Sizes at and around every limit, and anything up to 2^53. */
const size = fc.oneof(
  fc.constantFrom(0, 1),
  ...[CREATE_LIMITS.imageMaxBytes, CREATE_LIMITS.videoAudioMaxBytes, UPLOAD_LIMITS.resumableMaxBytes].map((limit) =>
    fc.integer({ min: limit - 2, max: limit + 2 }),
  ),
  fc.integer({ min: 0, max: 3 * 1024 * MiB }),
  fc.maxSafeNat(),
);
const media = fc.oneof(fc.constantFrom(...KNOWN), fc.constant(null));
const filename = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 300 }));

function expectRefusal(plan: ReturnType<typeof planUpload>, name: string, code: string): void {
  expect(plan.ok).toBe(false);
  if (plan.ok) return;
  expect(plan.code).toBe(code);
  expect(plan.message).toContain(`"${name}"`);
}

describe('planUpload, for any file', () => {
  it('accepts only within the limits, picks multipart only up to its limit, and otherwise says why', () => {
    fc.assert(
      fc.property(
        filename,
        size,
        media,
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        timed(1_000, (name, sizeBytes, found, detected, preferResumable) => {
          const plan = planUpload({ filename: name, sizeBytes, media: found, detected, preferResumable });
          if (sizeBytes === 0) return expectRefusal(plan, name, 'request.invalid');
          if (found === null) return expectRefusal(plan, name, 'media.unsupported_type');
          const max = found.kind === 'image' ? CREATE_LIMITS.imageMaxBytes : UPLOAD_LIMITS.resumableMaxBytes;
          if (sizeBytes > max) return expectRefusal(plan, name, 'upload.too_large');
          expect(plan).toEqual({
            ok: true,
            media: found,
            method: preferResumable === true || sizeBytes > multipartLimitFor(found.kind) ? 'resumable' : 'multipart',
          });
        }),
      ),
      bounded(3_000, 10_000),
    );
  });

  it('never accepts a size that is not a whole number of bytes from 1 up', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(Number.NaN, -1, -0.5, 0.5, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
          fc.double().filter((n) => !(Number.isInteger(n) && n >= 0)),
        ),
        fc.constantFrom(...KNOWN),
        fc.option(fc.boolean(), { nil: undefined }),
        (sizeBytes, found, preferResumable) => {
          const plan = planUpload({ filename: 'clip.mp4', sizeBytes, media: found, preferResumable });
          expect(plan.ok, `size ${sizeBytes} was accepted: ${JSON.stringify(plan)}`).toBe(false);
          if (!plan.ok) expect(REFUSALS).toContain(plan.code);
        },
      ),
      bounded(500, 5_000),
    );
  });
});

describe('what a file is, from its detected type or its name', () => {
  /** Names a plain object answers for: a lookup by key must not take them for formats. */
  const objectKeys = fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype), '__proto__');
  const extension = fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.constantFrom(...Object.keys(ACCEPTED_MEDIA), 'jpeg', 'qt', 'mka'),
    objectKeys,
  );
  const isKnown = (value: AcceptedMedia | null) => value === null || KNOWN.includes(value);

  it('is an accepted format or null, for any detected type', () => {
    fc.assert(
      fc.property(fc.option(extension, { nil: undefined }), (ext) => {
        const found = acceptedMediaFor(ext);
        expect(isKnown(found), `acceptedMediaFor(${JSON.stringify(ext)}) gave ${String(found)}`).toBe(true);
      }),
      bounded(1_000, 5_000),
    );
  });

  it('is an accepted format or null, for any file name', () => {
    fc.assert(
      fc.property(filename, extension, fc.boolean(), (stem, ext, upper) => {
        const name = `${stem}.${upper ? ext.toUpperCase() : ext}`;
        for (const candidate of [name, stem]) {
          const found = guessMediaFromName(candidate);
          expect(isKnown(found), `guessMediaFromName(${JSON.stringify(candidate)}) gave ${String(found)}`).toBe(true);
        }
      }),
      bounded(1_000, 5_000),
    );
  });
});
