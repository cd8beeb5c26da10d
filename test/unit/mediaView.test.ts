// The Media screen's search, filters and sorts (renderer/model/media/mediaFilter.ts).
import { describe, expect, it } from 'vitest';
import type { Asset } from '../../shared/api/createTypes.ts';
import { ALL_MEDIA, narrows, viewOf } from '../../renderer/model/media/mediaFilter.ts';

const assets: Asset[] = [
  { id: 1, kind: 'video', filename: 'Beach walk.mp4', source: 'upload', sizeBytes: 9_000, durationMs: 4000 },
  { id: 2, kind: 'image', filename: 'output 1 of generation 7.jpg', source: 'generation', sizeBytes: 800 },
  { id: 3, kind: 'video', filename: 'Holiday cut — render.mp4', source: 'render', sizeBytes: 20_000, durationMs: 9000 },
  { id: 4, kind: 'video', filename: 'Holiday cut.mp4', source: 'export', sizeBytes: 30_000, durationMs: 8000 },
  { id: 5, kind: 'audio', filename: 'Café interview.wav', source: 'upload', sizeBytes: 5_000, durationMs: 12_000 },
  { id: 6, kind: 'audio', filename: 'Café interview (finished).wav', source: 'finish', sizeBytes: 5_000 },
  { id: 7, kind: 'image', filename: 'logo 10.png' },
  { id: 8, kind: 'image', filename: 'logo 9.png' },
];
const items = assets.map((asset) => ({ asset, attached: false }));
const ids = (view: Partial<typeof ALL_MEDIA>) => viewOf(items, { ...ALL_MEDIA, ...view }).map((i) => i.asset.id);

describe('the media view', () => {
  it('shows everything newest first by default', () => {
    expect(ids({})).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(narrows(ALL_MEDIA)).toBe(false);
  });

  it('filters by kind and by source (an asset without a source is an upload)', () => {
    expect(ids({ kind: 'audio' })).toEqual([6, 5]);
    expect(ids({ source: 'upload' })).toEqual([8, 7, 5, 1]);
    expect(ids({ source: 'generation' })).toEqual([2]);
    expect(ids({ source: 'render' })).toEqual([3]);
    expect(ids({ source: 'export', kind: 'video' })).toEqual([4]);
    expect(ids({ source: 'export', kind: 'audio' })).toEqual([]);
    expect(narrows({ ...ALL_MEDIA, source: 'finish' })).toBe(true);
  });

  it('searches every word of the name, ignoring case and accents', () => {
    expect(ids({ query: 'cafe' })).toEqual([6, 5]);
    expect(ids({ query: 'HOLIDAY  render' })).toEqual([3]);
    expect(ids({ query: 'nothing like it' })).toEqual([]);
  });

  it('sorts by age, name (numbers as numbers), size and length', () => {
    expect(ids({ sort: 'oldest' })).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ids({ sort: 'name', kind: 'image' })).toEqual([8, 7, 2]);
    expect(ids({ sort: 'largest' }).slice(0, 3)).toEqual([4, 3, 1]);
    expect(ids({ sort: 'longest', kind: 'audio' })).toEqual([5, 6]);
  });
});
