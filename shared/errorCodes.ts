// The stable error codes of the Create API (DESIGN.md: "one table in shared/").
// The spec leaves their values open; these are ours. The sandbox answers with
// them and the client explains them. A code the client does not know is shown
// as it came, with its request ID.

export interface ErrorCodeInfo {
  /** The HTTP status the service answers with. */
  readonly status: number;
  /** What it means for the user, and what to change. */
  readonly meaning: string;
}

export const ERROR_CODES = {
  'request.invalid_json': { status: 400, meaning: 'The request body is not valid JSON.' },
  'request.invalid': {
    status: 400,
    meaning: 'A field of the request is missing or not allowed; the message names it.',
  },
  'request.invalid_id': {
    status: 400,
    meaning: 'An identifier in the path must be a whole number from 1 to 2147483647.',
  },
  'request.unsupported_content_type': {
    status: 415,
    meaning: 'The request body has a content type this operation does not take.',
  },
  'request.timeout': {
    status: 408,
    meaning:
      "The request did not arrive in time (its head within 20 s, the whole of it within the service's request timeout): send it again.",
  },
  'request.body_too_large': { status: 413, meaning: 'The request body is larger than this operation takes.' },
  'route.not_found': { status: 404, meaning: 'There is no such operation.' },
  'route.method_not_allowed': { status: 405, meaning: 'This operation does not take that method.' },
  'resource.not_found': { status: 404, meaning: 'Nothing with that identifier exists in this account.' },
  'auth.missing': { status: 401, meaning: 'The request carries no credentials: send an API key or sign in.' },
  'auth.invalid_key': { status: 401, meaning: 'The API key is not recognised: check it or issue a new one.' },
  'auth.key_expired': { status: 401, meaning: 'The API key has expired: issue a new one.' },
  'auth.key_revoked': { status: 401, meaning: 'The API key was revoked: issue a new one.' },
  'auth.session_required': {
    status: 401,
    meaning: 'This operation needs a signed-in session; an API key is not accepted.',
  },
  'auth.invalid_login': { status: 401, meaning: 'The email or password is wrong.' },
  'auth.session_ended': {
    status: 401,
    meaning: 'The key was issued in a support session that has ended, and ends with it: issue a key of your own.',
  },
  'auth.impersonation_forbidden': {
    status: 403,
    meaning: 'Only support staff may sign in on behalf of someone else.',
  },
  'auth.csrf_failed': { status: 403, meaning: 'The session write lacks a valid X-CSRF-Token header.' },
  'auth.cross_origin': { status: 403, meaning: 'Session writes must come from the same origin.' },
  'key.limit_reached': {
    status: 403,
    meaning: 'This actor already has 20 active keys in this workspace: revoke one first.',
  },
  'idempotency.key_missing': { status: 400, meaning: 'This operation needs an Idempotency-Key header (a UUID).' },
  'idempotency.key_invalid': { status: 400, meaning: 'The Idempotency-Key header must be a UUID.' },
  'idempotency.key_reused': {
    status: 409,
    meaning: 'This idempotency key was already used with other inputs: new inputs need a new key.',
  },
  'revision.conflict': {
    status: 409,
    meaning: 'Someone changed this first: read the latest version and apply the change again.',
  },
  'rate.limited': { status: 429, meaning: 'Too many requests for this key: wait for the time in Retry-After.' },
  'wallet.insufficient_balance': {
    status: 403,
    meaning: 'The wallet balance does not cover the price of this job: add funds.',
  },
  'upload.too_large': {
    status: 413,
    meaning:
      'The file is larger than this kind of media allows (images 10 MiB, video and audio 100 MiB); use a resumable upload for larger files.',
  },
  'media.unsupported_type': {
    status: 415,
    meaning: 'The file is not an image, video or audio format the service takes.',
  },
  'request.range_not_satisfiable': {
    status: 416,
    meaning:
      'The Range header asks for bytes past the end of the file; Content-Range gives its size: ask for a range inside it.',
  },
  'upload.offset_mismatch': {
    status: 409,
    meaning:
      'The Upload-Offset sent is not where the upload stands: HEAD the upload for its Upload-Offset and send the bytes from there.',
  },
  'upload.expired': {
    status: 410,
    meaning:
      'The unfinished upload expired (24 hours after its last bytes arrived) and its bytes were discarded: start a new upload.',
  },
  'upload.tus_version_unsupported': {
    status: 412,
    meaning: 'Resumable upload requests need the header Tus-Resumable: 1.0.0 (every method except OPTIONS).',
  },
  'upload.checksum_mismatch': {
    status: 460,
    meaning: 'The chunk does not match its Upload-Checksum and was discarded: send it again from the same offset.',
  },
  'upload.incomplete': {
    status: 404,
    meaning:
      'The upload has not received all its bytes, so it has no asset yet: HEAD it for its offset and send the rest.',
  },
  'attachment.not_brand_asset': {
    status: 400,
    meaning:
      "Only brand assets of this account are attached to projects: pick one from GET /brands/{id}/assets (a project's own media needs no attaching).",
  },
  'model.unknown': { status: 400, meaning: 'No model has that ID for this kind of work.' },
  'model.unavailable': { status: 409, meaning: 'The model is not available right now: pick another.' },
  'scene.not_in_project': { status: 400, meaning: 'The scene does not belong to the project.' },
  'generation.parent_not_in_project': {
    status: 400,
    meaning:
      'parentGenerationId must name a generation of the same project: pick one from GET /generations?projectId=….',
  },
  'export.too_many_clips': { status: 400, meaning: 'An export takes at most 80 clips.' },
  'export.too_long': { status: 400, meaning: 'An export can last at most 30 minutes.' },
  'export.timeline_invalid': {
    status: 400,
    meaning:
      "The project's timeline cannot be exported as asked (empty, a range or still outside it, too many media clips, or a frame too large); the message says what to change.",
  },
  'export.media_not_in_project': {
    status: 400,
    meaning: 'Every clip must use media that belongs to, or is attached to, the project.',
  },
  'export.invalid_trim': {
    status: 400,
    meaning:
      "A clip's trim points do not fit its media: 0 <= trimStartMs < trimEndMs <= the media's length, and every clip lasts at least 100 ms; the message names the clip.",
  },
  'export.render_failed': {
    status: 500,
    meaning:
      "The export could not be rendered (a failed job, not an HTTP answer): check the clips' media and submit a new export.",
  },
  'webhook.url_not_https': {
    status: 400,
    meaning: 'A webhook endpoint must be an https:// URL: use HTTPS (or a tunnel that gives one).',
  },
  'webhook.url_not_allowed': {
    status: 400,
    meaning:
      'A webhook endpoint must be on a public host: not an IP address, localhost, or a private, loopback or link-local network; use a public name or a tunnel.',
  },
  'editor.command_invalid': {
    status: 400,
    meaning:
      'A timeline command is not valid for the timeline as it is: the message names the command index and the field to change; nothing was applied.',
  },
  'editor.target_not_found': {
    status: 400,
    meaning:
      'A timeline command names a track, clip or effect that is not on the timeline: read the timeline again; nothing was applied.',
  },
  'editor.clips_overlap': {
    status: 400,
    meaning:
      'Two clips would overlap on one track: move or trim one of them (or use another track); nothing was applied.',
  },
  'editor.media_not_usable': {
    status: 400,
    meaning:
      'The media neither belongs to nor is attached to the project: upload it to the project or attach the brand asset first.',
  },
  'editor.track_locked': {
    status: 400,
    meaning: 'The track is locked: unlock it (updateTrack with locked: false) before changing its clips.',
  },
  'editor.session_expired': { status: 409, meaning: 'The editor session has expired: start a new editor session.' },
  'editor.render_invalid': {
    status: 400,
    meaning:
      'The render range is empty, outside the timeline or too long, or it holds too many cuts: choose a range inside the timeline (at most 30 minutes).',
  },
  'editor.render_failed': {
    status: 500,
    meaning:
      "The render could not be made (a failed job, not an HTTP answer): check the timeline's media and start a new render.",
  },
  'editor.reframe_invalid': {
    status: 400,
    meaning:
      'Nothing to reframe: the timeline has no media clips on video tracks, or a clip ID sent is not one of them. Send clip IDs from the timeline.',
  },
  'editor.reframe_failed': {
    status: 500,
    meaning:
      "The reframe could not follow the subject (a failed job, not an HTTP answer): check the clips' media and start a new reframe.",
  },
  'job.timed_out': {
    status: 500,
    meaning:
      'The job ran longer than its time budget (60 s plus 2 s for each second of its media) and was stopped (a failed job, not an HTTP answer); its price was refunded. Shorten the media, or split it.',
  },
  'job.not_cancellable': {
    status: 409,
    meaning: 'The job already completed, failed or was cancelled: there is nothing to cancel; read it for its result.',
  },
  'media.limit_exceeded': {
    status: 413,
    meaning:
      'The media declares more than the service decodes (over 16384 pixels a side, over 8192² pixels, or more samples per second than a real file holds): the message names the limit.',
  },
  'media.kind_not_supported': {
    status: 400,
    meaning:
      'This operation does not take this kind of media (transcriptions, reviews and finishes take video or audio): pick another asset.',
  },
  'media.no_audio': {
    status: 400,
    meaning: 'The video has no sound track, so there is no sound to work on: pick video with sound or an audio asset.',
  },
  'transcription.not_ready': {
    status: 409,
    meaning:
      'The transcription has not completed: poll it until it completes (or, if it failed or was cancelled, transcribe the asset again).',
  },
  'transcription.language_unsupported': {
    status: 400,
    meaning:
      "The service's speech recogniser does not understand that language (error.languages lists those it does): transcribe speech in one of them, or use a service that understands yours. Nothing was charged.",
  },
  'transcription.recognizer_missing': {
    status: 500,
    meaning:
      "The local service's speech recogniser is not installed (a failed job, not an HTTP answer; refunded): install the Debian packages pocketsphinx and pocketsphinx-en-us, then transcribe again.",
  },
  'model.task_unsupported': {
    status: 400,
    meaning:
      'The text model does not do this speech task: pick a model whose speechTasks include it (GET /models?kind=text).',
  },
  'speech_edit.same_language': {
    status: 400,
    meaning: 'The transcription is already in English: use its caption files instead of translating them.',
  },
  'speech_edit.translation_unavailable': {
    status: 400,
    meaning:
      "This service does not translate captions: its recogniser hears English only, and English captions need no translation into English. Use the transcription's caption files.",
  },
  'finish.silent_audio': {
    status: 400,
    meaning:
      'The sound is silent, so a finish has nothing to normalise (a failed job, not an HTTP answer): pick media with audible sound.',
  },
  'template.invalid': {
    status: 400,
    meaning:
      "The template does not fit its timeline: a binding names a slot, a clip or a property that does not exist, or a property the slot's type cannot set, or a default does not fit its slot; the message names the field. Nothing was published.",
  },
  'template.variants_invalid': {
    status: 400,
    meaning:
      "Some variants carry values that do not fit their slots (wrong type or kind of media, too long, out of range, a missing required slot, an unknown slot); error.variants lists each variant's errors by slot. Nothing was created: fix the values (a dryRun checks them for free).",
  },
  'production.batch_invalid': {
    status: 400,
    meaning:
      'A project of the batch cannot be rendered (its timeline is empty, longer than 30 minutes or holds too many cuts): the message names projectIds[i]. Nothing was started.',
  },
  'production.items_failed': {
    status: 500,
    meaning:
      "Some items of the batch could not be rendered (a failed job, not an HTTP answer): each item's error says why; fix those projects and start a new batch for them.",
  },
  'service.unavailable': {
    status: 503,
    meaning: 'The service is unavailable for a moment: retry after the time in Retry-After.',
  },
  'server.internal': {
    status: 500,
    meaning: 'The service failed unexpectedly: retry, and quote the request ID if it persists.',
  },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isKnownErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}

/**
 * The codes that mean "this key no longer works": the user must replace it (the local workspace
 * repairs its own). The service's three, and the app's own two for a key it will not send: one
 * checked against another address (workspace.key_origin) and one that is gone (workspace.key_missing).
 */
export const KEY_PROBLEM_CODES = [
  'auth.key_expired',
  'auth.key_revoked',
  'auth.invalid_key',
  'workspace.key_origin',
  'workspace.key_missing',
] as const;
export type KeyProblemCode = (typeof KEY_PROBLEM_CODES)[number];

export function isKeyProblemCode(code: string): code is KeyProblemCode {
  return (KEY_PROBLEM_CODES as readonly string[]).includes(code);
}
