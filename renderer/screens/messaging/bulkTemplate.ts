// A bulk message template: text with fields in braces ({first_name}, {city}, any CSV column)
// filled in per recipient. Field names are matched loosely (case, spaces and dashes do not
// matter); a field a recipient has no value for is reported, never sent as "{field}". Pure.
import { MESSAGING_LIMITS } from '../../../shared/limits.ts';

const FIELD = /\{\s*([A-Za-z][\w .-]{0,60}?)\s*\}/g;

/** The canonical form of a field name: "First Name" and "first_name" are one field. */
export function fieldKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s.-]+/g, '_');
}

/** The fields a template uses, each once, in order. */
export function templateFields(template: string): string[] {
  const seen = new Set<string>();
  for (const match of template.matchAll(FIELD)) seen.add(fieldKey(match[1]!));
  return [...seen];
}

export interface Filled {
  readonly text: string;
  /** Fields the template uses that this recipient has no value for. */
  readonly missing: string[];
}

/** The template with the recipient's values; `values` are keyed by fieldKey. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): Filled {
  const missing = new Set<string>();
  const text = template.replace(FIELD, (_all, name: string) => {
    const value = values[fieldKey(name)];
    if (value === undefined || value.trim() === '') {
      missing.add(fieldKey(name));
      return '';
    }
    return value.trim();
  });
  return { text, missing: [...missing] };
}

/** A recipient's values from a record of named columns (CSV headers, contact fields). */
export function valuesOf(record: Readonly<Record<string, string | null | undefined>>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(record)) if (typeof value === 'string') values[fieldKey(name)] = value;
  return values;
}

/** The fields a contact offers: its name split in first and last, and the rest. */
export function contactValues(contact: {
  name: string;
  number: string;
  email?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
  groupId?: string | null;
  custom?: Record<string, string>;
}): Record<string, string> {
  const [first = '', ...rest] = contact.name.trim().split(/\s+/);
  return valuesOf({
    ...contact.custom,
    first_name: first,
    last_name: rest.join(' '),
    name: contact.name,
    number: contact.number,
    email: contact.email,
    city: contact.city,
    state: contact.state,
    zip: contact.zip,
    country: contact.country,
    group: contact.groupId,
  });
}

export interface BulkPlan {
  readonly messages: { number: string; text: string }[];
  /** Recipients left out, with why (1-based positions). */
  readonly problems: { position: number; number: string; why: string }[];
  /** Submission sizes: at most 500 numbers each. */
  readonly submissions: number[];
}

/**
 * Fills the template for each recipient; one whose number is not valid (when `normalise` is
 * given: it returns the number in E.164, or null), with a missing field or too long a text is
 * left out and reported.
 */
export function planBulk(
  template: string,
  recipients: readonly { number: string; values: Record<string, string>; text?: string }[],
  normalise: (number: string) => string | null = (number) => number,
): BulkPlan {
  const messages: { number: string; text: string }[] = [];
  const problems: BulkPlan['problems'] = [];
  recipients.forEach((recipient, i) => {
    const { text, missing } =
      recipient.text !== undefined ? { text: recipient.text, missing: [] } : fillTemplate(template, recipient.values);
    const length = [...text].length;
    const number = recipient.number.trim() === '' ? null : normalise(recipient.number);
    if (recipient.number.trim() === '') problems.push({ position: i + 1, number: '', why: 'no number' });
    else if (number === null)
      problems.push({ position: i + 1, number: recipient.number, why: 'not a valid phone number' });
    else if (missing.length > 0)
      problems.push({
        position: i + 1,
        number: recipient.number,
        why: `no value for ${missing.map((m) => `{${m}}`).join(', ')}`,
      });
    else if (text.trim() === '')
      problems.push({ position: i + 1, number: recipient.number, why: 'the message is empty' });
    else if (length > MESSAGING_LIMITS.messageLength)
      problems.push({
        position: i + 1,
        number: recipient.number,
        why: `the message is ${length} characters (at most ${MESSAGING_LIMITS.messageLength})`,
      });
    else messages.push({ number: number ?? recipient.number, text });
  });
  const size = MESSAGING_LIMITS.contactsPerBulkSubmission;
  const submissions: number[] = [];
  for (let left = messages.length; left > 0; left -= size) submissions.push(Math.min(size, left));
  return { messages, problems, submissions };
}
