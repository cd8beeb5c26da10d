// How every benchmark prints: a heading, aligned tables of figures, ratios against the
// baseline measured in the same run, and one closing `BENCH SUMMARY <name>: …` line that
// scripts/bench.sh collects into the run's summary. Sizes come from environment variables
// so a quick run can shrink them.

/** A whole number from the environment (e.g. BENCH_JOURNAL_INTENTS), or the default. */
export function envInt(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number of at least ${min}, not "${raw}"`);
  return value;
}

/** A comma-separated list of whole numbers from the environment, or the default. */
export function envInts(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.some((v) => !Number.isInteger(v) || v < 1))
    throw new Error(`${name} must be whole numbers separated by commas, not "${raw}"`);
  return values;
}

/** The q-quantile (0..1) of the values, by the nearest-rank method; NaN when there are none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export const median = (values: readonly number[]) => quantile(values, 0.5);

export function heading(title: string, what: string): void {
  process.stdout.write(`\n== ${title} ==\n${what}\n\n`);
}

export function note(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Prints rows as an aligned table; the first row is the header. */
export function table(rows: (string | number)[][]): void {
  const cells = rows.map((row) => row.map(String));
  const widths = cells[0]!.map((_, c) => Math.max(...cells.map((row) => (row[c] ?? '').length)));
  // Columns of figures line up on the right, words on the left.
  const numeric = (cell: string) => /^[≥≤>×]?\s?-?[\d.,/]+\s?(s|ms|%|kB|MiB)?$/.test(cell) || cell === '—';
  const right = widths.map((_, c) => c > 0 && cells.slice(1).every((row) => numeric(row[c] ?? '')));
  const line = (row: string[]) =>
    row
      .map((cell, c) => (right[c] ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd();
  process.stdout.write(`${line(cells[0]!)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  for (const row of cells.slice(1)) process.stdout.write(`${line(row)}\n`);
  process.stdout.write('\n');
}

/** "1.23", or "—" when the value is not a number. */
export function fixed(value: number, digits = 2): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '—';
}

/** A ratio app/baseline as "×1.23". */
export function ratio(app: number, baseline: number): string {
  if (!Number.isFinite(app) || !Number.isFinite(baseline) || baseline === 0) return '—';
  const value = app / baseline;
  return `×${value >= 0.1 || value === 0 ? value.toFixed(2) : value.toPrecision(2)}`;
}

export const MiB = 1024 * 1024;

/** The line scripts/bench.sh collects: one per benchmark. */
export function summary(name: string, text: string): void {
  process.stdout.write(`\nBENCH SUMMARY ${name}: ${text}\n`);
}

/** Requests in the busiest `windowMs` window of these send times (sorted or not). */
export function busiestWindow(times: readonly number[], windowMs = 60_000): number {
  const sorted = times.toSorted((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}
