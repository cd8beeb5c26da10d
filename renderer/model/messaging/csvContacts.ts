// A CSV of contacts as the import screen reads it: which column goes to which field (guessed
// from the headers, changed by the user), each row turned into a contact draft, and checked
// the way the core will check it (full name, a valid number for the default country, email,
// group), so the preview shows every problem before anything is sent. Pure.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { ContactDraft } from '../../../shared/ipc/messagingViews.ts';

export const CONTACT_TARGETS = [
  'number',
  'name',
  'firstName',
  'lastName',
  'email',
  'city',
  'state',
  'zip',
  'country',
  'groupId',
  'note',
  'custom',
  'ignore',
] as const;
export type ContactTarget = (typeof CONTACT_TARGETS)[number];

export const TARGET_LABELS: Record<ContactTarget, string> = {
  number: 'Contact number',
  name: 'Full name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  country: 'Country',
  groupId: 'Group',
  note: 'Note',
  custom: 'Custom field',
  ignore: 'Ignore',
};

/** Header words that name each field. */
const HEADER_GUESSES: [ContactTarget, RegExp][] = [
  ['number', /^(contact|phone|mobile|cell|number|tel|telephone|msisdn|contact ?number|phone ?number)$/],
  ['name', /^(name|full ?name|contact ?name)$/],
  ['firstName', /^(first|first ?name|given ?name|forename)$/],
  ['lastName', /^(last|last ?name|surname|family ?name)$/],
  ['email', /^(e ?mail|e ?mail ?address)$/],
  ['city', /^(city|town)$/],
  ['state', /^(state|province|region|county)$/],
  ['zip', /^(zip|zip ?code|postal ?code|postcode)$/],
  ['country', /^country$/],
  ['groupId', /^(group|group ?id|group_id|list|segment)$/],
  ['note', /^(note|notes|comment|comments)$/],
];

export type ColumnMapping = ContactTarget[];

/** One field per column, guessed from its header; unknown headers become custom fields. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const taken = new Set<ContactTarget>();
  return headers.map((header) => {
    const key = header.trim().toLowerCase().replace(/[_-]+/g, ' ');
    const hit = HEADER_GUESSES.find(([target, pattern]) => !taken.has(target) && pattern.test(key));
    if (hit) {
      taken.add(hit[0]);
      return hit[0];
    }
    return key === '' ? 'ignore' : 'custom';
  });
}

/** A custom field name the service takes: 1–40 letters, digits or underscores, starting with a letter. */
export function customFieldName(header: string): string | null {
  const name = header
    .trim()
    .normalize('NFKD')
    .replace(/[^\w]+/g, '_')
    .replace(/^[^A-Za-z]+/, '')
    .replace(/_+$/, '')
    .slice(0, 40);
  return /^[A-Za-z]\w{0,39}$/.test(name) ? name : null;
}

/** What is wrong with a mapping as a whole (before any row is looked at). */
export function mappingProblems(headers: readonly string[], mapping: ColumnMapping): string[] {
  const problems: string[] = [];
  const count = (target: ContactTarget) => mapping.filter((m) => m === target).length;
  if (count('number') !== 1) problems.push('Choose exactly one column for the contact number.');
  const hasName = count('name') === 1;
  const hasParts = count('firstName') === 1 && count('lastName') === 1;
  if (!hasName && !hasParts)
    problems.push('Choose a column for the full name, or one for the first and one for the last name.');
  for (const target of CONTACT_TARGETS) {
    if (target !== 'custom' && target !== 'ignore' && count(target) > 1)
      problems.push(`Only one column can be the ${TARGET_LABELS[target].toLowerCase()}.`);
  }
  mapping.forEach((target, i) => {
    if (target === 'custom' && !customFieldName(headers[i] ?? ''))
      problems.push(`Column "${headers[i]}" cannot be a custom field name: ignore it or map it to a field.`);
  });
  if (mapping.filter((m) => m === 'custom').length > 20) problems.push('At most 20 columns can be custom fields.');
  return problems;
}

/** A row of the file as the contact it describes. */
export function draftOf(row: readonly string[], headers: readonly string[], mapping: ColumnMapping): ContactDraft {
  const value = (target: ContactTarget) => {
    const at = mapping.indexOf(target);
    return at < 0 ? '' : (row[at] ?? '').trim();
  };
  const optional = (target: ContactTarget) => value(target) || undefined;
  const name = mapping.includes('name')
    ? value('name')
    : [value('firstName'), value('lastName')].filter(Boolean).join(' ');
  const custom: Record<string, string> = {};
  mapping.forEach((target, i) => {
    const fieldName = target === 'custom' ? customFieldName(headers[i] ?? '') : null;
    const cell = (row[i] ?? '').trim();
    if (fieldName && cell !== '') custom[fieldName] = cell;
  });
  return {
    name,
    number: value('number'),
    email: optional('email'),
    city: optional('city'),
    state: optional('state'),
    zip: optional('zip'),
    country: optional('country'),
    groupId: optional('groupId'),
    note: optional('note'),
    custom: Object.keys(custom).length > 0 ? custom : undefined,
  };
}

export interface RowCheck {
  /** The number in E.164 when it is valid. */
  readonly e164: string | null;
  /** What the core will refuse this row for; empty: it will be sent. */
  readonly problems: string[];
  /** Not a problem, but worth knowing (the same number twice in the file). */
  readonly notes: string[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const GROUP_ID = /^[A-Za-z0-9_.-]{1,64}$/;

/** The number in E.164 when it is valid for the country (or carries its own +code). */
export function toE164(raw: string, country: string | null): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), (country ?? undefined) as CountryCode | undefined);
  return parsed?.isValid() ? parsed.number : null;
}

export function checkDraft(draft: ContactDraft, country: string | null): RowCheck {
  const problems: string[] = [];
  const words = draft.name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) problems.push('The name is empty: give the first and the last name.');
  else if (words.length === 1) problems.push(`"${words[0]}" has no last name.`);
  let e164: string | null = null;
  if (draft.number.trim() === '') problems.push('The contact number is empty.');
  else {
    e164 = toE164(draft.number, country);
    if (!e164)
      problems.push(
        `"${draft.number}" is not a valid phone number${country ? ` for ${country}` : ''}: add the country code or correct it.`,
      );
  }
  if (draft.email && !EMAIL.test(draft.email)) problems.push(`"${draft.email}" is not an email address.`);
  if (draft.groupId && !GROUP_ID.test(draft.groupId))
    problems.push(`Group "${draft.groupId}" must be letters, digits, dots, dashes or underscores.`);
  return { e164, problems, notes: [] };
}

/** Checks every row, noting numbers the file lists twice (the second will answer 97). */
export function checkDrafts(drafts: readonly ContactDraft[], country: string | null): RowCheck[] {
  const firstRow = new Map<string, number>();
  return drafts.map((draft, i) => {
    const check = checkDraft(draft, country);
    if (check.e164 === null) return check;
    const seen = firstRow.get(check.e164);
    if (seen === undefined) {
      firstRow.set(check.e164, i + 1);
      return check;
    }
    return { ...check, notes: [`Same number as row ${seen}: the service will answer 97 (the number exists).`] };
  });
}
