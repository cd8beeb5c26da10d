// Words and numbers for paid work, as the Jobs and Exports screens show them: the kind of
// work, its state in plain words, its price, its progress. An unknown state or kind is
// shown as it came (DESIGN "What the spec leaves open").
import { isKeyProblemCode } from '../../../shared/errorCodes.ts';
import type { JobRow } from '../../../shared/ipc/jobsView.ts';

const KIND_NAMES: Readonly<Record<string, string>> = {
  generation: 'Generation',
  export: 'Export',
  render: 'Render',
  transcription: 'Transcription',
  review: 'Review',
  'speech-edit': 'Speech edit',
  finish: 'Finish',
  batch: 'Batch',
  'editor-commands': 'Timeline edit',
};

const STATE_NAMES: Readonly<Record<string, string>> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function kindName(kind: string): string {
  return KIND_NAMES[kind] ?? kind;
}

export function stateName(state: string): string {
  return STATE_NAMES[state] ?? state;
}

/** What a row's state means for the user, in words (offline: whether the service answers now). */
export function rowStateText(row: JobRow, offline: boolean): string {
  if (row.phase === 'waiting') return offline ? 'Waiting for the service' : 'Waiting to be sent';
  // Held back by a key that does not work: the row says what it waits for (its error says why).
  if (row.phase === 'sending' && row.error && isKeyProblemCode(row.error.code)) return 'Waiting for a working API key';
  if (row.phase === 'sending') return row.attempts > 1 ? `Sending (try ${row.attempts})` : 'Sending';
  return stateName(row.state);
}

/** "Generation #12", "Generation (not sent yet)" before the service gave it an ID, "37 timeline edits" for a group. */
export function rowTitle(row: JobRow): string {
  if (row.count > 1) return `${row.count} ${kindName(row.kind).toLowerCase()}s`;
  return row.jobId === null ? `${kindName(row.kind)} (not sent yet)` : `${kindName(row.kind)} #${row.jobId}`;
}

const usd = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', maximumFractionDigits: 4 });

export function money(value: number | null | undefined): string {
  return typeof value === 'number' ? usd.format(value) : '—';
}

export function percent(progress: number): string {
  return `${Math.round(progress * 100)}%`;
}
