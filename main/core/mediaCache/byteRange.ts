// One byte Range of a request for a cached media file (RFC 9110 §14), for both ways the app
// serves media to its page (Electron's app protocol, browser mode's loopback server): a
// <video> asks for ranges as it seeks. Several ranges in one request get the whole file,
// which the RFC allows.

export type RangeAnswer =
  | { readonly status: 200; readonly start: 0; readonly end: number }
  | { readonly status: 206; readonly start: number; readonly end: number }
  | { readonly status: 416 };

/** The inclusive byte span to send for a Range header (absent: the whole file). */
export function answerRange(header: string | null | undefined, size: number): RangeAnswer {
  const whole = { status: 200, start: 0, end: size - 1 } as const;
  if (!header) return whole;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return whole;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return { status: 416 };
    return { status: 206, start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  if (match[2] !== '' && Number(match[2]) < start) return whole; // not a valid range: ignored
  if (start >= size) return { status: 416 };
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return { status: 206, start, end };
}

/** The headers of an answer to a media request (the caller adds its own security headers). */
export function rangeHeaders(answer: RangeAnswer, size: number, contentType: string): Record<string, string> {
  if (answer.status === 416) return { 'content-range': `bytes */${size}`, 'accept-ranges': 'bytes' };
  const headers: Record<string, string> = {
    'content-type': contentType,
    'content-length': String(size === 0 ? 0 : answer.end - answer.start + 1),
    'accept-ranges': 'bytes',
    // The ticket in the URL names one file that never changes while the app runs.
    'cache-control': 'private, max-age=3600',
    'x-content-type-options': 'nosniff',
  };
  if (answer.status === 206) headers['content-range'] = `bytes ${answer.start}-${answer.end}/${size}`;
  return headers;
}
