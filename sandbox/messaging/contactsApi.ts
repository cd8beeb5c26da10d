// POST /contacts_api: create a lead. Checks follow the spec's codes: key (01, 02, 401), name
// (03 first, 04 last), number (05), then anything malformed (99) and a number already in the
// account (97). Contacts that share a group_id form a group that messages can address.
//
// Custom fields (the spec shows neither names nor format; ours): `custom` — a JSON object, or
// custom[<name>]=<value> in a form — with at most 20 names of 1–40 letters, digits or
// underscores (starting with a letter) and text values of at most 500 characters.
import { z } from 'zod';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { transaction } from '../db/database.ts';
import { describeIssues, isBlank, type Operation, type OperationResult } from './operation.ts';
import { normaliseNumber } from './phoneNumbers.ts';
import { ResultError } from './resultReply.ts';

export const GROUP_ID = /^[A-Za-z0-9_.-]{1,64}$/;
const CUSTOM_NAME = /^[A-Za-z]\w{0,39}$/;

const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).optional();

const customValue = z
  .union([z.string(), z.number(), z.boolean()])
  .transform(String)
  .pipe(z.string().max(500, 'must be at most 500 characters'));

export const ContactInput = z.strictObject({
  contact: z
    .string()
    .trim()
    .describe(
      'The contact number: 7 to 15 digits, optional leading +; spaces, dots, dashes and parentheses are ignored.',
    ),
  name: z.string().trim().max(200, 'must be at most 200 characters').describe('Full name: first and last.'),
  email: z
    .string()
    .trim()
    .max(254, 'must be at most 254 characters')
    .pipe(z.email('must be an email address'))
    .optional(),
  city: optionalText(100),
  state: optionalText(100),
  zip: optionalText(20),
  country: optionalText(100),
  group_id: z
    .string()
    .trim()
    .regex(GROUP_ID, 'must be 1 to 64 letters, digits, dots, dashes or underscores')
    .optional(),
  note: optionalText(2000).describe('Information about the lead.'),
  custom: z
    .record(z.string(), customValue)
    .superRefine((custom, ctx) => {
      for (const name of Object.keys(custom)) {
        if (!CUSTOM_NAME.test(name)) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'not a custom field name: use 1 to 40 letters, digits or underscores, starting with a letter',
          });
        }
      }
    })
    .refine((c) => Object.keys(c).length <= 20, 'at most 20 custom fields')
    .optional()
    .describe('Custom fields: an object of name → text (custom[name]=value in a form).'),
});

const ContactsOutput = z.object({
  id: z.number().int().optional().describe("00: the new contact's id."),
  contact: z
    .object({
      id: z.number().int(),
      name: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      contact: z.string(),
      email: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      zip: z.string().nullable(),
      country: z.string().nullable(),
      groupId: z.string().nullable(),
      note: z.string().nullable(),
      custom: z.record(z.string(), z.string()),
      createdAt: z.string(),
    })
    .optional()
    .describe('00: the new contact.'),
  existingId: z.number().int().optional().describe('97: the contact that already has the number.'),
});

interface ContactRow {
  id: number;
  first_name: string;
  last_name: string;
  number: string;
  email: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  group_id: string | null;
  note: string | null;
  custom: string;
  created_at: string;
}

function contactView(row: ContactRow) {
  return {
    id: row.id,
    name: `${row.first_name} ${row.last_name}`,
    firstName: row.first_name,
    lastName: row.last_name,
    contact: row.number,
    email: row.email,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    groupId: row.group_id,
    note: row.note,
    custom: JSON.parse(row.custom) as Record<string, string>,
    createdAt: row.created_at,
  };
}

export function contactsOperation(ctx: SandboxContext): Operation {
  const { db } = ctx;
  const byDigits = db.prepare('SELECT id FROM messaging_contacts WHERE digits = ?');
  const byId = db.prepare('SELECT * FROM messaging_contacts WHERE id = ?');
  const insert = db.prepare(`INSERT INTO messaging_contacts
    (first_name, last_name, number, digits, email, city, state, zip, country, group_id, note, custom, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);

  return {
    method: 'POST',
    path: '/contacts_api',
    table: 'contacts',
    summary: 'Create a contact (lead)',
    keyField: 'key',
    payloadCode: '99',
    source: 'body',
    input: ContactInput,
    output: ContactsOutput,
    handle({ fields }): OperationResult {
      const words = typeof fields.name === 'string' ? fields.name.trim().split(/\s+/).filter(Boolean) : [];
      if (isBlank(fields.name))
        throw new ResultError('03', 'First name empty: give name as the full name, first and last.');
      if (typeof fields.name === 'string' && words.length < 2) {
        throw new ResultError(
          '04',
          `Last name empty: "${words[0]}" has no last name; give the first and the last name.`,
        );
      }
      if (isBlank(fields.contact)) throw new ResultError('05', 'Contact number empty: give contact.');
      const parsed = ContactInput.safeParse(fields);
      if (!parsed.success) throw new ResultError('99', `An error occurred. ${describeIssues(parsed.error)}.`);
      const input = parsed.data;
      const phone = normaliseNumber(input.contact);
      if (!phone)
        throw new ResultError(
          '99',
          `An error occurred. contact: "${input.contact}" is not a phone number; give 7 to 15 digits with an optional leading +.`,
        );
      const [first, ...rest] = input.name.split(/\s+/);

      const outcome = transaction(db, () => {
        const existing = byDigits.get(phone.digits) as { id: number } | undefined;
        if (existing) return { existing: existing.id };
        const { lastInsertRowid } = insert.run(
          first!,
          rest.join(' '),
          phone.number,
          phone.digits,
          input.email ?? null,
          input.city ?? null,
          input.state ?? null,
          input.zip ?? null,
          input.country ?? null,
          input.group_id ?? null,
          input.note ?? null,
          JSON.stringify(input.custom ?? {}),
          iso(ctx.clock.now()),
        );
        return { id: Number(lastInsertRowid) };
      });
      if ('existing' in outcome) {
        throw new ResultError('97', `The number ${phone.number} already exists (contact ${outcome.existing}).`, {
          existingId: outcome.existing,
        });
      }
      const contact = contactView(byId.get(outcome.id) as unknown as ContactRow);
      return { code: '00', message: 'New contact added.', extra: { id: outcome.id, contact } };
    },
  };
}
