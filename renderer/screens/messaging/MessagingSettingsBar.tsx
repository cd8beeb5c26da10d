// What every messaging form uses, shown above them: the workspace, the sender ID messages go
// out from and the default country numbers are read for (both kept in the workspace's
// settings, editable here as in Settings), and a warning when the Messaging API is not set up.
import { Button } from '../../components/Button.tsx';
import { getCountries, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { AppError } from '../../../shared/appError.ts';
import { useMessaging } from '../../stores/messagingStore.ts';
import { describeFailure } from './answerText.ts';
import { ResultNotice } from './ResultNotice.tsx';
import { EXAMPLE_PHONE_NUMBER } from '../../../shared/exampleNumbers.ts';

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function SettingsForm({ onDone }: { onDone(): void }) {
  const settings = useMessaging((s) => s.settings);
  const save = useMessaging((s) => s.saveSettings);
  const [senderId, setSenderId] = useState(settings?.senderId ?? '');
  const [country, setCountry] = useState(settings?.defaultCountry ?? '');
  const [error, setError] = useState<AppError | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const countries = useMemo(
    () =>
      getCountries()
        .map((code) => ({ code, name: countryName(code) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    // Kept in E.164, as it is sent: "+1 201 555 0100" and "(201) 555-0100" are one sender.
    const parsed = parsePhoneNumberFromString(senderId.trim(), (country || undefined) as CountryCode | undefined);
    const sender = senderId.trim() === '' ? null : parsed?.isPossible() ? parsed.number : senderId.trim();
    const outcome = await save({ senderId: sender, defaultCountry: country || null });
    setSaving(false);
    if (outcome.ok) onDone();
    else setError(outcome.error);
  }

  return (
    <form className="msg-settings-form" aria-label="Messaging settings" onSubmit={(e) => void submit(e)}>
      <label htmlFor={`${id}-sender`}>Sender ID</label>
      <input
        id={`${id}-sender`}
        value={senderId}
        onChange={(e) => setSenderId(e.target.value)}
        placeholder={EXAMPLE_PHONE_NUMBER}
        inputMode="tel"
        autoComplete="off"
      />
      <label htmlFor={`${id}-country`}>Default country</label>
      <select id={`${id}-country`} value={country} onChange={(e) => setCountry(e.target.value)}>
        <option value="">None (every number needs +country code)</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name} ({c.code})
          </option>
        ))}
      </select>
      <Button variant="primary" type="submit" disabled={saving}>
        Save messaging settings
      </Button>
      <Button onClick={onDone}>Cancel</Button>
      {error && <ResultNotice line={describeFailure(error)} />}
    </form>
  );
}

export function MessagingSettingsBar() {
  const settings = useMessaging((s) => s.settings);
  const [editing, setEditing] = useState(false);
  if (!settings) return <p role="status">Reading the messaging settings…</p>;
  return (
    <div className="msg-settings-bar">
      {editing ? (
        <SettingsForm onDone={() => setEditing(false)} />
      ) : (
        <div className="msg-facts-row">
          <dl className="msg-facts" aria-label="Messaging settings">
            <div>
              <dt>Workspace</dt>
              <dd>{settings.workspaceName}</dd>
            </div>
            <div>
              <dt>Sender ID</dt>
              <dd>{settings.senderId ?? <em>not set</em>}</dd>
            </div>
            <div>
              <dt>Default country</dt>
              <dd>
                {settings.defaultCountry ? (
                  `${countryName(settings.defaultCountry)} (${settings.defaultCountry})`
                ) : (
                  <em>none</em>
                )}
              </dd>
            </div>
          </dl>
          <Button onClick={() => setEditing(true)}>Edit messaging settings</Button>
        </div>
      )}
      {!settings.messagingBaseUrl && settings.workspaceId !== 'local' && (
        <p className="msg-warning" role="alert">
          This workspace has no Messaging API address: add it with its key in Settings.
        </p>
      )}
      {settings.messagingBaseUrl && !settings.keyPresent && (
        <p className="msg-warning" role="alert">
          No Messaging API key is saved for this workspace: add it in Settings.
        </p>
      )}
      {!settings.senderId && !editing && (
        <p className="msg-warning">Set the sender ID (your approved sender number) before sending messages.</p>
      )}
    </div>
  );
}
