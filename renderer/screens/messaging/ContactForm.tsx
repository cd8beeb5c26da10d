// Add one contact (a lead): number, first and last name (both required), email, address,
// group, note and custom fields. The number is read for the default country as it is typed
// and shown as it will be sent (E.164); the answer (00, 97 "the number already exists", …)
// shows with its meaning.
import { Button } from '../../components/Button.tsx';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { useId, useState, type FormEvent } from 'react';
import type { ContactDraft } from '../../../shared/ipc/messagingViews.ts';
import { useMessaging } from '../../stores/messagingStore.ts';
import { customFieldName } from '../../model/messaging/csvContacts.ts';
import { ResultNotice } from './ResultNotice.tsx';
import { describeAnswer, describeFailure, type ResultLine } from './answerText.ts';

const EMPTY = {
  number: '',
  firstName: '',
  lastName: '',
  email: '',
  city: '',
  state: '',
  zip: '',
  country: '',
  groupId: '',
  note: '',
};

type Fields = typeof EMPTY;

function NumberHint({ id, number, country }: { id: string; number: string; country: string | null }) {
  if (number.trim() === '') return null;
  const parsed = parsePhoneNumberFromString(number.trim(), (country ?? undefined) as CountryCode | undefined);
  if (parsed?.isValid())
    return (
      <span className="msg-hint msg-ok" id={id}>
        Sent as {parsed.number} ({parsed.formatInternational()})
      </span>
    );
  return (
    <span className="msg-hint msg-bad" id={id}>
      Not a valid number{country ? ` for ${country}` : ''}: add the country code (e.g. +44…) or correct it.
    </span>
  );
}

export function ContactForm() {
  const country = useMessaging((s) => s.settings?.defaultCountry ?? null);
  const groups = useMessaging((s) => s.groups);
  const addContact = useMessaging((s) => s.addContact);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [custom, setCustom] = useState<{ name: string; value: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const [line, setLine] = useState<ResultLine | null>(null);
  const id = useId();

  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));

  const customProblems = custom
    .filter((c) => c.name.trim() !== '' && customFieldName(c.name) !== c.name.trim())
    .map((c) => `"${c.name}" is not a field name: use letters, digits or underscores, starting with a letter.`);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setLine(null);
    const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
    const customFields = Object.fromEntries(
      custom.filter((c) => c.name.trim() !== '').map((c) => [c.name.trim(), c.value]),
    );
    const draft: ContactDraft = {
      name: `${fields.firstName.trim()} ${fields.lastName.trim()}`.trim(),
      number: fields.number,
      email: optional(fields.email),
      city: optional(fields.city),
      state: optional(fields.state),
      zip: optional(fields.zip),
      country: optional(fields.country),
      groupId: optional(fields.groupId),
      note: optional(fields.note),
      custom: Object.keys(customFields).length > 0 ? customFields : undefined,
    };
    const outcome = await addContact(draft);
    setBusy(false);
    if (outcome.ok) {
      setLine({
        ...describeAnswer('contacts', outcome.value.result),
        detail: `${outcome.value.contact.name}, ${outcome.value.contact.number}`,
      });
      setFields(EMPTY);
      setCustom([]);
    } else {
      setLine(describeFailure(outcome.error));
    }
  }

  const field = (name: keyof Fields, label: string, props: Record<string, unknown> = {}) => (
    <div className="msg-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input id={`${id}-${name}`} value={fields[name]} onChange={set(name)} autoComplete="off" {...props} />
    </div>
  );

  return (
    <form className="msg-card contact-form" aria-label="Add a contact" onSubmit={(e) => void submit(e)}>
      <h2>Add a contact</h2>
      <div className="msg-grid">
        <div className="msg-field msg-wide">
          <label htmlFor={`${id}-number`}>Contact number</label>
          <input
            id={`${id}-number`}
            value={fields.number}
            onChange={set('number')}
            required
            inputMode="tel"
            autoComplete="off"
            aria-describedby={`${id}-number-hint`}
          />
          <NumberHint id={`${id}-number-hint`} number={fields.number} country={country} />
        </div>
        {field('firstName', 'First name', { required: true, maxLength: 100 })}
        {field('lastName', 'Last name', { required: true, maxLength: 100 })}
        {field('email', 'Email', { type: 'email', maxLength: 254 })}
        {field('city', 'City', { maxLength: 100 })}
        {field('state', 'State', { maxLength: 100 })}
        {field('zip', 'Zip', { maxLength: 20 })}
        {field('country', 'Country', { maxLength: 100 })}
        {field('groupId', 'Group', {
          maxLength: 64,
          list: `${id}-groups`,
          pattern: '[A-Za-z0-9_.\\-]{1,64}',
          title: 'Letters, digits, dots, dashes or underscores',
        })}
        <datalist id={`${id}-groups`}>
          {groups.map((g) => (
            <option key={g.groupId} value={g.groupId} />
          ))}
        </datalist>
        <div className="msg-field msg-wide">
          <label htmlFor={`${id}-note`}>Note</label>
          <textarea id={`${id}-note`} value={fields.note} onChange={set('note')} rows={2} maxLength={2000} />
        </div>
      </div>
      <fieldset className="custom-fields">
        <legend>Custom fields</legend>
        {custom.map((c, i) => (
          <div className="msg-custom-row" key={i}>
            <input
              aria-label={`Custom field ${i + 1} name`}
              value={c.name}
              placeholder="name, e.g. plan"
              onChange={(e) => setCustom((all) => all.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            />
            <input
              aria-label={`Custom field ${i + 1} value`}
              value={c.value}
              placeholder="value"
              maxLength={500}
              onChange={(e) => setCustom((all) => all.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
            />
            <Button
              size="sm"

              aria-label={`Remove custom field ${i + 1}`}
              onClick={() => setCustom((all) => all.filter((_, j) => j !== i))}
            >
              Remove
            </Button>
          </div>
        ))}
        {customProblems.map((p) => (
          <p key={p} className="msg-hint msg-bad">
            {p}
          </p>
        ))}
        {custom.length < 20 && (
          <Button size="sm" onClick={() => setCustom((all) => [...all, { name: '', value: '' }])}>
            Add custom field
          </Button>
        )}
      </fieldset>
      <div className="msg-form-actions">
        <Button variant="primary" type="submit" disabled={busy || customProblems.length > 0}>
          {busy ? 'Adding…' : 'Add contact'}
        </Button>
      </div>
      {line && <ResultNotice line={line} />}
    </form>
  );
}
