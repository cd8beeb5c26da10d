// The sound half of a render's filtergraph (docs/render-semantics.md, "The sound"): each
// clip's sound cut to its source range, played at its rate with the pitch kept, at its
// volume and its track's gain and pan, faded in by its transition, and placed at its start; all summed at unity gain
// and kept under −1 dBFS by a peak limiter, to exactly the render's length at 48 kHz
// stereo.
import { soundSpan, type Composition, type Sound } from './composition.ts';
import { curveExpr } from './curveExpressions.ts';
import { expr, type Inputs, num } from './filterText.ts';
import { panGains } from '../../shared/timeline/timelineRules.ts';

export const SAMPLE_RATE = 48_000;
/** −1 dBFS as a linear peak. */
export const CEILING = 10 ** (-1 / 20);

/** atempo takes rates from 0.5 to 100: slower rates are chained halvings. */
function tempoFilters(rate: number): string[] {
  if (rate === 1) return [];
  const filters: string[] = [];
  let left = rate;
  while (left < 0.5) {
    filters.push('atempo=0.5');
    left /= 0.5;
  }
  filters.push(`atempo=${num(left)}`);
  return filters;
}

/** The sound's gain beyond volume and the in-transition, at timeline time T (an expression in ms); null when 1. */
function gainExpr(sound: Sound): string | null {
  const factors: string[] = [];
  const { startMs, endMs } = sound;
  if (sound.keyframes && sound.keyframes.length > 0)
    factors.push(curveExpr(sound.keyframes, sound.volume, `(T-${startMs})`));
  const ramp = (from: string, ms: number) => `clip((${from})/${num(ms)},0,1)`;
  if (sound.audioFadeInMs) factors.push(`sin(PI/2*${ramp(`T-${startMs}`, sound.audioFadeInMs)})`);
  if (sound.audioFadeOutMs) factors.push(`sin(PI/2*${ramp(`${endMs}-T`, sound.audioFadeOutMs)})`);
  if (sound.outFadeMs) factors.push(ramp(`${endMs}-T`, sound.outFadeMs));
  if (sound.crossInMs) factors.push(`sin(PI/2*${ramp(`T-${num(startMs - sound.crossInMs / 2)}`, sound.crossInMs)})`);
  if (sound.crossOutMs) factors.push(`cos(PI/2*${ramp(`T-${num(endMs - sound.crossOutMs / 2)}`, sound.crossOutMs)})`);
  return factors.length > 0 ? factors.join('*') : null;
}

function soundChain(sound: Sound, index: number, composition: Composition, inputs: Inputs): string | null {
  const rangeStart = composition.startMs;
  const rangeEnd = composition.startMs + (composition.frames * 1000) / composition.fps;
  const [heardFrom, heardTo] = soundSpan(sound);
  const from = Math.max(heardFrom, rangeStart);
  const to = Math.min(heardTo, rangeEnd);
  if (to <= from) return null;
  // A fade that began before the range is worked out from the clip's start, then cut.
  const chainStart = sound.fadeInMs > 0 && rangeStart < sound.startMs + sound.fadeInMs ? sound.startMs : from;
  // Source time at timeline time t (a reversed clip runs from outMs down), within what the crossfades reach.
  const played = (t: number) => (t - sound.startMs) * sound.rate;
  const sourceAt = (t: number) =>
    sound.reverse
      ? Math.max(0, sound.outMs - played(t))
      : Math.max(0, Math.min(sound.outMs + (sound.tailMs ?? 0) * sound.rate, sound.inMs + played(t)));
  // Backwards: the stretch [sourceAt(to), sourceAt(chainStart)] is read, then reversed.
  const seekMs = sound.reverse ? sourceAt(to) : sourceAt(chainStart);
  const lengthMs = Math.abs(sourceAt(to) - sourceAt(chainStart));
  const input = inputs.media(sound.source.path, seekMs);
  const filters: string[] = [];
  if (sound.source.channels === 1) filters.push('pan=stereo|c0=c0|c1=c0');
  filters.push(
    `aresample=${SAMPLE_RATE}`,
    `aformat=sample_fmts=fltp:sample_rates=${SAMPLE_RATE}:channel_layouts=stereo`,
    `atrim=start=0:end=${num(lengthMs / 1000)}`,
    'asetpts=PTS-STARTPTS',
    ...(sound.reverse ? ['areverse', 'asetpts=PTS-STARTPTS'] : []),
    ...tempoFilters(sound.rate),
  );
  const gain = gainExpr(sound);
  if (gain) {
    // Evaluated every 5 ms of sound (T: timeline ms), so ramps are smooth steps well inside a 50 ms window.
    const volume = sound.keyframes?.length ? '' : `${num(sound.volume)}*`;
    filters.push(
      'asetnsamples=n=240:p=0',
      `volume=eval=frame:volume=${expr(volume + gain.replaceAll('T', `(${num(chainStart)}+t*1000)`))}`,
    );
  } else if (sound.volume !== 1) filters.push(`volume=${num(sound.volume)}`);
  // The track's gain and constant-power pan (timelineRules.ts panGains): per channel, after the clip's own volume.
  const trackGain = sound.trackGain ?? 1;
  const { left, right } = panGains(sound.pan ?? 0);
  if (sound.pan) filters.push(`pan=stereo|c0=${num(trackGain * left)}*c0|c1=${num(trackGain * right)}*c1`);
  else if (trackGain !== 1) filters.push(`volume=${num(trackGain)}`);
  if (chainStart === sound.startMs && sound.fadeInMs > 0)
    filters.push(`afade=t=in:st=0:d=${num(sound.fadeInMs / 1000)}:curve=tri`);
  if (chainStart < from) filters.push(`atrim=start=${num((from - chainStart) / 1000)}`, 'asetpts=PTS-STARTPTS');
  const delay = Math.round(((from - rangeStart) * SAMPLE_RATE) / 1000);
  if (delay > 0) filters.push(`adelay=delays=${delay}S:all=1`);
  return `[${input}:a]${filters.join(',')}[s${index}]`;
}

/** The peak limiter of the mix (docs/render-semantics.md: −1 dBFS, 5 ms attack, 50 ms release). */
export const LIMITER = `alimiter=limit=${num(CEILING)}:attack=5:release=50:level=false:latency=true`;

/**
 * The sound's chains; returns the label of the mix. `limited` false leaves the limiter out:
 * a part of a render in parts, whose parts are limited together once joined.
 */
export function soundMix(composition: Composition, inputs: Inputs, chains: string[], limited = true): string {
  const total = (composition.frames * SAMPLE_RATE) / composition.fps;
  const labels: string[] = [];
  composition.sounds.forEach((sound, i) => {
    const chain = soundChain(sound, i, composition, inputs);
    if (chain) {
      chains.push(chain);
      labels.push(`[s${i}]`);
    }
  });
  const fit = `apad,atrim=end_sample=${total}`;
  if (labels.length === 0) {
    chains.push(`anullsrc=r=${SAMPLE_RATE}:cl=stereo,${fit}[aout]`);
  } else {
    const mix = `${labels.join('')}amix=inputs=${labels.length}:duration=longest:dropout_transition=0:normalize=0`;
    chains.push(`${[mix, ...(limited ? [LIMITER] : []), fit].join(',')}[aout]`);
  }
  return '[aout]';
}
