// The question asked once before a message goes out: who it goes to, by name where the app
// knows the contact and by number otherwise ("Send to 3 people: Ana Lima, +12125550171 and
// Boris Pasternak?"), or the group it goes to. Pure, so a unit test holds its wording.

/** At most this many recipients are named; the rest are counted. */
export const NAMED_RECIPIENTS = 5;

export interface SendAudience {
  /** The numbers the message goes to (E.164), in the form's order; empty for a group. */
  readonly numbers: readonly string[];
  /** Names of the contacts the app knows, by number. */
  readonly names: ReadonlyMap<string, string>;
  /** A group instead of the numbers (the service sends to each of its contacts). */
  readonly groupId?: string | undefined;
  /** How many contacts that group holds, when the app knows. */
  readonly groupSize?: number | undefined;
  readonly scheduled: boolean;
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function sendQuestion(audience: SendAudience): string {
  const verb = audience.scheduled ? 'Schedule for' : 'Send to';
  if (audience.groupId !== undefined) {
    const size =
      audience.groupSize === undefined
        ? ''
        : ` (${audience.groupSize} ${audience.groupSize === 1 ? 'contact' : 'contacts'})`;
    return `${verb} everyone in group “${audience.groupId}”${size}?`;
  }
  const count = audience.numbers.length;
  const people = count === 1 ? '1 person' : `${count} people`;
  const named = audience.numbers.slice(0, NAMED_RECIPIENTS).map((n) => audience.names.get(n) ?? n);
  const rest = count - named.length;
  const who = rest > 0 ? `${named.join(', ')} and ${rest} more` : list(named);
  return `${verb} ${people}: ${who}?`;
}
