// Every documented limit of the two services, in one place (DESIGN.md rule 7).
import { characterCount } from './textRules.ts';

const MiB = 1024 * 1024;

export const CREATE_LIMITS = {
  requestsPerMinute: 120,
  rateWindowMs: 60_000,
  activeKeysPerActor: 20,
  keyExpiryDays: { min: 1, max: 90 },
  imageMaxBytes: 10 * MiB,
  videoAudioMaxBytes: 100 * MiB,
  exportMaxClips: 80,
  exportMaxDurationMs: 30 * 60_000,
  pageSize: { min: 1, max: 100, default: 25 },
  projectName: { min: 1, max: 120 },
  idMax: 2_147_483_647,
  webhookToleranceSeconds: 300,
} as const;

/** Limits of the app's own settings. */
export const APP_LIMITS = {
  workspaceName: { min: 1, max: 80 },
} as const;

/**
 * Why a name is too long, saying the limit and by how much (a form shows it instead of
 * cutting the text silently); null when it fits. Counted in characters (code points) after
 * trimming, as the services do.
 */
export function tooLong(what: string, text: string, max: number): string | null {
  const length = characterCount(text.trim());
  return length > max ? `${what} is ${length} characters: shorten it to at most ${max}.` : null;
}

/** Limits of the editor timeline (ours: the spec leaves them open). */
export const EDITOR_LIMITS = {
  commandsPerRequest: 500,
  /** Time ranges one removeRanges command cuts (a two-hour interview's fillers and pauses fit). */
  rangesPerCut: 10_000,
  clipsPerTimeline: 10_000,
  tracksPerTimeline: 50,
  /** The latest a clip may end on the timeline: 6 hours. */
  timelineMaxMs: 6 * 3_600_000,
  captionTextMax: 500,
  /** Word timings one caption may carry (karaoke). */
  captionWordsMax: 500,
  trackNameMax: 80,
  /** Markers on one timeline, a marker's name and its note, in characters. */
  markersPerTimeline: 500,
  markerNameMax: 80,
  markerNoteMax: 1000,
  /** A range render covers at most this much of the timeline (a whole-timeline render or export goes to the timeline's 6-hour limit, in parts); a render holds at most renderMaxClips media clips. */
  renderMaxDurationMs: 30 * 60_000,
  renderMaxClips: 1000,
  renderMinDurationMs: 100,
  /** How long an editor session lasts without a reconnect. */
  sessionTtlMs: 30 * 60_000,
} as const;

/** Resumable uploads, brands and delivery links (ours: the spec leaves them open). */
export const UPLOAD_LIMITS = {
  /** The largest file a resumable upload (POST /uploads, tus) takes, of any kind: 2 GiB. */
  resumableMaxBytes: 2 * 1024 * MiB,
  /** An unfinished resumable upload is discarded this long after its last bytes arrived. */
  resumableExpiryMs: 24 * 3_600_000,
  brandName: { min: 1, max: 120 },
  /** How long a delivery link works, in hours: 1 hour to 30 days, default 7 days. */
  deliveryLinkHours: { min: 1, max: 720, default: 168 },
} as const;

/** Templates, variants and production batches (ours: the spec leaves them open). */
export const TEMPLATE_LIMITS = {
  name: { min: 1, max: 120 },
  slotsPerTemplate: 50,
  /** A slot name is an identifier: a letter or _, then letters, digits or _. */
  slotNameMax: 64,
  slotDescriptionMax: 500,
  bindingsPerTemplate: 200,
  variantsPerRequest: 50,
  variantName: { min: 1, max: 80 },
  projectsPerBatch: 50,
} as const;

export const MESSAGING_LIMITS = {
  contactsPerRequest: 1000,
  contactsPerBulkSubmission: 500,
  messageLength: 740,
  // The spec says "2 MB"; we read it as 2,000,000 bytes, the stricter reading.
  mmsMaxBytes: 2_000_000,
} as const;

/** Streamed uploads (browser mode, drops): the bytes come in chunks of at most this many bytes. */
export const STREAM_CHUNK_MAX_BYTES = 512 * 1024;

export const JOB_STATES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const TERMINAL_JOB_STATES: readonly JobState[] = ['completed', 'failed', 'cancelled'];

export function isKnownJobState(state: string): state is JobState {
  return (JOB_STATES as readonly string[]).includes(state);
}

/** Terminal means polling can stop. An unknown state is not terminal: keep polling, show it as it came. */
export function isTerminalJobState(state: string): boolean {
  return (TERMINAL_JOB_STATES as readonly string[]).includes(state);
}

export const API_VERSION = '1';
export const OPENAPI_VERSION = '1.2.0';
