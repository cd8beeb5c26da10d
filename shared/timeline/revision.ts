// Revisions as the service writes them ("r" and a counter, e.g. "r12"). An edit waiting in
// the journal behind another is sent with the revision the one before it will make, so
// edits made offline go in order; a revision of another shape cannot be predicted, and an
// edit queued behind another then goes to the review when it meets a 409.
const COUNTER = /^(.*?)(\d+)$/;

/** The revision one applied command list makes from `revision`, or null when it cannot be known. */
export function nextRevision(revision: string): string | null {
  const match = COUNTER.exec(revision);
  if (!match) return null;
  return `${match[1]}${BigInt(match[2]!) + 1n}`;
}

/** The counter of a revision, for ordering (NaN when it has none). */
export function revisionNumber(revision: string): number {
  const match = COUNTER.exec(revision);
  return match ? Number(match[2]) : NaN;
}
