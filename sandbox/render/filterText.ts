// Small helpers for writing ffmpeg filtergraphs: numbers without exponents, option values
// escaped twice (for the filter's option parser, then for the graph around it), and the
// inputs a graph reads.

/** A number as a filter option or expression takes it: fixed-point, at most 6 decimals. */
export function num(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  const fixed = value.toFixed(6).replace(/\.?0+$/, '');
  return fixed === '-0' ? '0' : fixed;
}

/** Escapes a value for a filter option, then for the filtergraph around it. */
export function filterValue(value: string): string {
  const option = value.replace(/[\\':]/g, '\\$&');
  return option.replace(/[\\'[\],;]/g, '\\$&');
}

/** An expression as one quoted option value (it may hold commas and colons). */
export const expr = (expression: string): string => `'${expression.replace(/'/g, '')}'`;

/** The inputs of one ffmpeg run: each `add` returns the index its streams are named by. */
export class Inputs {
  readonly args: string[] = [];
  #count = 0;

  /**
   * A media file read from `seekMs` on (from the keyframe at or before it, timestamps relative
   * to it), its picture through `decoder` when ffmpeg's default one would drop its alpha.
   */
  media(path: string, seekMs: number, decoder?: string | null): number {
    if (seekMs > 0) this.args.push('-noaccurate_seek', '-ss', num(seekMs / 1000));
    if (decoder) this.args.push('-c:v', decoder);
    this.args.push('-i', path);
    return this.#count++;
  }

  /** A still image: one frame. */
  image(path: string): number {
    this.args.push('-i', path);
    return this.#count++;
  }

  get count(): number {
    return this.#count;
  }
}
