// How auto reframe turns where the subject is, sample by sample, into a camera's path:
// the way an operator would frame it. Gaps (no face, no motion) keep the last framing; a
// median drops a stray detection; the camera holds while the subject stays inside a dead
// zone around the framing, then pans at a steady speed until the subject is centred again,
// and it never lets the subject come closer to the frame's edge than `slack` allows. The
// path is then kept to its corners (holds and pans), so it becomes few linear keyframes.
// Pure: one axis at a time, values in the units of positionX / positionY.

export interface PathSample {
  /** From the clip's start, in ms. */
  atMs: number;
  /** The position value that would centre the subject; null where none was found. */
  target: number | null;
}

export interface FollowSettings {
  /** How far the subject may drift from the framing before the camera moves. */
  deadZone: number;
  /** How far the framing may ever be from the subject (the subject stays in frame). */
  slack: number;
  /** A pan's steady speed, in position units per second. */
  panPerSecond: number;
  /** The framing stays within ±limit (the picture still covers the frame). */
  limit: number;
  /** How far the keyframes may stray from the simulated path. */
  tolerance: number;
}

export interface PathKeyframe {
  atMs: number;
  value: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Every sample with a value: a gap takes the last found value (before the first: the first found; none at all: 0). */
export function fillGaps(samples: readonly PathSample[]): number[] {
  const first = samples.find((s) => s.target !== null)?.target ?? 0;
  let last = first;
  return samples.map((s) => (last = s.target ?? last));
}

/** A running median over `radius` samples each side: one stray value never moves the camera. */
export function medianFilter(values: readonly number[], radius: number): number[] {
  return values.map((_, i) => {
    // Symmetric near the ends too, so a steady movement is not pulled back there.
    const r = Math.min(radius, i, values.length - 1 - i);
    const window = values.slice(i - r, i + r + 1).sort((a, b) => a - b);
    return window[Math.floor(window.length / 2)]!;
  });
}

/** A running mean over `radius` samples each side: what is left of a detector's wobble after the median. */
export function meanFilter(values: readonly number[], radius: number): number[] {
  return values.map((_, i) => {
    const r = Math.min(radius, i, values.length - 1 - i);
    const window = values.slice(i - r, i + r + 1);
    return window.reduce((sum, v) => sum + v, 0) / window.length;
  });
}

/** The camera's position at each sample: holds inside the dead zone, pans steadily otherwise. */
export function operatorPath(times: readonly number[], targets: readonly number[], settings: FollowSettings): number[] {
  const { deadZone, slack, panPerSecond, limit } = settings;
  if (targets.length === 0) return [];
  // The camera moves on the steadied subject; the slack holds against where it really is.
  const steady = meanFilter(targets, 2);
  let camera = clamp(steady[0]!, -limit, limit);
  let panning = false;
  const path = [camera];
  // The subject's speed, over about a second either side (the whole clip is known: an operator who has seen the take).
  const speedAt = (i: number) => {
    const a = Math.max(0, i - 4);
    const b = Math.min(targets.length - 1, i + 4);
    return b > a ? ((steady[b]! - steady[a]!) * 1000) / (times[b]! - times[a]!) : 0;
  };
  for (let i = 1; i < targets.length; i++) {
    const target = clamp(steady[i]!, -limit, limit);
    const seconds = (times[i]! - times[i - 1]!) / 1000;
    const off = target - camera;
    if (Math.abs(off) > deadZone) panning = true;
    if (panning) {
      // Match the subject's speed and close the gap over about a second, never faster than a steady pan.
      const speed = clamp(speedAt(i) + off, -panPerSecond, panPerSecond);
      camera += clamp(speed * seconds, -Math.abs(off), Math.abs(off));
      // Centred again on a subject that stopped: the pan ends.
      if (Math.abs(target - camera) <= deadZone / 4 && Math.abs(speedAt(i)) < deadZone) panning = false;
    }
    // Never let the subject leave the frame, whatever the steady speed.
    const actual = clamp(targets[i]!, -limit, limit);
    camera = clamp(camera, actual - slack, actual + slack);
    path.push(camera);
  }
  return path;
}

/** The fewest points that stay within `tolerance` of the path (Ramer–Douglas–Peucker on value over time). */
export function cornersOf(points: readonly PathKeyframe[], tolerance: number): PathKeyframe[] {
  if (points.length <= 2) return [...points];
  const keep = new Array<boolean>(points.length).fill(false);
  keep[0] = keep[points.length - 1] = true;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    const pa = points[a]!;
    const pb = points[b]!;
    let worst = -1;
    let worstOff = tolerance;
    for (let i = a + 1; i < b; i++) {
      const p = points[i]!;
      const along = (p.atMs - pa.atMs) / (pb.atMs - pa.atMs);
      const off = Math.abs(p.value - (pa.value + (pb.value - pa.value) * along));
      if (off > worstOff) {
        worst = i;
        worstOff = off;
      }
    }
    if (worst >= 0) {
      keep[worst] = true;
      stack.push([a, worst], [worst, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/** The keyframes of one axis: the operator's path through the samples, kept to its corners. */
export function followKeyframes(samples: readonly PathSample[], settings: FollowSettings): PathKeyframe[] {
  if (samples.length === 0) return [];
  const times = samples.map((s) => s.atMs);
  const targets = medianFilter(fillGaps(samples), 2);
  const path = operatorPath(times, targets, settings);
  const round = (v: number) => Math.round(v * 10_000) / 10_000;
  return cornersOf(
    path.map((value, i) => ({ atMs: times[i]!, value })),
    settings.tolerance,
  ).map((k) => ({ atMs: k.atMs, value: round(k.value) }));
}
