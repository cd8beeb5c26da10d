// A workspace's own settings: its name, a remote account's addresses (a new Create API
// address is checked first; a key is sent only to the origin it was checked against, so an
// address on another origin asks for the key of the new address), how webhooks reach the app
// (none, loopback, or a tunnel command), and the messaging defaults (country, sender ID).
import { Button } from '../../components/Button.tsx';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { TunnelChoice, WorkspaceSettingsView } from '../../../shared/ipc/settingsView.ts';
import { APP_LIMITS, tooLong } from '../../../shared/limits.ts';
import { optionsForm, useSettings, type WorkspaceChange } from '../../stores/settingsStore.ts';
import { ErrorDetails } from '../../components/ErrorDetails.tsx';
import { EXAMPLE_PHONE_NUMBER } from '../../../shared/exampleNumbers.ts';

const TUNNELS: { mode: TunnelChoice['mode']; label: string; hint: string }[] = [
  { mode: 'none', label: 'No webhooks', hint: 'Clipdesk asks the service for job results (polling).' },
  {
    mode: 'loopback',
    label: 'Loopback',
    hint: 'The service runs on this computer and calls Clipdesk directly (the local workspace).',
  },
  {
    mode: 'command',
    label: 'Run a tunnel command',
    hint: 'A tunnel client of your choice forwards the service’s calls; its command must contain {port}.',
  },
];

interface Fields {
  name: string;
  createBaseUrl: string;
  messagingBaseUrl: string;
  /** The key for a new Create API origin (asked only then). */
  apiKey: string;
  messagingApiKey: string;
  tunnel: TunnelChoice['mode'];
  command: string;
  defaultCountry: string;
  senderId: string;
}

function fieldsOf(details: WorkspaceSettingsView): Fields {
  return {
    name: details.name,
    createBaseUrl: details.createBaseUrl ?? '',
    messagingBaseUrl: details.messagingBaseUrl ?? '',
    apiKey: '',
    messagingApiKey: '',
    tunnel: details.tunnel.mode,
    command: details.tunnel.mode === 'command' ? details.tunnel.command : '',
    defaultCountry: details.defaultCountry ?? '',
    senderId: details.senderId ?? '',
  };
}

/** scheme://host:port, or null for text that is not a URL yet. */
function originOf(url: string | null): string | null {
  return url ? (URL.parse(url.trim())?.origin ?? null) : null;
}

/** Whether the address moved to another origin, where the saved key will not be sent. */
function newOrigin(before: string | null, after: string): boolean {
  return after.trim() !== '' && before !== null && originOf(after) !== originOf(before);
}

/** Only what changed is sent; an emptied optional field is cleared (null). */
function changeOf(details: WorkspaceSettingsView, fields: Fields): WorkspaceChange {
  const change: WorkspaceChange = {};
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  if (fields.name.trim() !== details.name) change.name = fields.name;
  if (details.kind === 'remote') {
    if (fields.createBaseUrl.trim() !== details.createBaseUrl) change.createBaseUrl = fields.createBaseUrl;
    if (orNull(fields.messagingBaseUrl) !== details.messagingBaseUrl)
      change.messagingBaseUrl = orNull(fields.messagingBaseUrl);
    if (newOrigin(details.createBaseUrl, fields.createBaseUrl) && fields.apiKey.trim())
      change.apiKey = fields.apiKey.trim();
    if (newOrigin(details.messagingBaseUrl, fields.messagingBaseUrl) && fields.messagingApiKey.trim())
      change.messagingApiKey = fields.messagingApiKey.trim();
  }
  const tunnel: TunnelChoice =
    fields.tunnel === 'command' ? { mode: 'command', command: fields.command } : { mode: fields.tunnel };
  if (JSON.stringify(tunnel) !== JSON.stringify(details.tunnel)) change.tunnel = tunnel;
  if (orNull(fields.defaultCountry)?.toUpperCase() !== (details.defaultCountry ?? undefined))
    change.defaultCountry = orNull(fields.defaultCountry);
  if (orNull(fields.senderId) !== details.senderId) change.senderId = orNull(fields.senderId);
  return change;
}

export function WorkspaceOptionsForm({ details, onDone }: { details: WorkspaceSettingsView; onDone: () => void }) {
  const form = optionsForm(details.workspaceId);
  const saving = useSettings((s) => s.saving === form);
  const error = useSettings((s) => s.errors[form]);
  const update = useSettings((s) => s.update);
  const clearError = useSettings((s) => s.clearError);
  const [fields, setFields] = useState<Fields>(() => fieldsOf(details));
  const id = useId();
  useEffect(() => () => clearError(form), [clearError, form]);

  const set =
    (name: keyof Fields) =>
    (event: { target: { value: string } }): void =>
      setFields((f) => ({ ...f, [name]: event.target.value }));

  const nameProblem = tooLong('The workspace name', fields.name, APP_LIMITS.workspaceName.max);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (nameProblem) return;
    const change = changeOf(details, fields);
    if (Object.keys(change).length === 0) return onDone();
    if (await update(details.workspaceId, change)) onDone();
  }

  return (
    <form
      className="settings-options"
      aria-label={`Settings of ${details.name}`}
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => e.key === 'Escape' && onDone()}
    >
      <label htmlFor={`${id}-name`}>Workspace name</label>
      <input
        id={`${id}-name`}
        value={fields.name}
        onChange={set('name')}
        required
        aria-invalid={nameProblem !== null}
        aria-describedby={nameProblem ? `${id}-name-problem` : undefined}
      />
      {nameProblem && (
        <p id={`${id}-name-problem`} className="ui-form-error" role="alert">
          {nameProblem}
        </p>
      )}
      {details.kind === 'remote' && (
        <>
          <label htmlFor={`${id}-create`}>Create API base URL</label>
          <input id={`${id}-create`} type="url" value={fields.createBaseUrl} onChange={set('createBaseUrl')} required />
          {newOrigin(details.createBaseUrl, fields.createBaseUrl) && (
            <>
              <label htmlFor={`${id}-create-key`}>
                API key for {originOf(fields.createBaseUrl) ?? 'the new address'}
              </label>
              <input
                id={`${id}-create-key`}
                type="password"
                autoComplete="off"
                value={fields.apiKey}
                onChange={set('apiKey')}
                required
                aria-describedby={`${id}-create-key-hint`}
              />
              <p id={`${id}-create-key-hint`} className="settings-muted">
                The saved key was checked against {originOf(details.createBaseUrl)}: it is never sent to another
                address.
              </p>
            </>
          )}
          <label htmlFor={`${id}-messaging`}>Messaging API base URL (optional)</label>
          <input id={`${id}-messaging`} type="url" value={fields.messagingBaseUrl} onChange={set('messagingBaseUrl')} />
          {newOrigin(details.messagingBaseUrl, fields.messagingBaseUrl) && (
            <>
              <label htmlFor={`${id}-messaging-key`}>
                Messaging API key for {originOf(fields.messagingBaseUrl) ?? 'the new address'}
              </label>
              <input
                id={`${id}-messaging-key`}
                type="password"
                autoComplete="off"
                value={fields.messagingApiKey}
                onChange={set('messagingApiKey')}
                required
              />
            </>
          )}
        </>
      )}
      <fieldset>
        <legend>How job results reach Clipdesk</legend>
        {TUNNELS.map((tunnel) => (
          <label key={tunnel.mode} className="settings-choice">
            <input
              type="radio"
              name={`${id}-tunnel`}
              value={tunnel.mode}
              checked={fields.tunnel === tunnel.mode}
              onChange={() => setFields((f) => ({ ...f, tunnel: tunnel.mode }))}
            />
            <span>
              <strong>{tunnel.label}</strong> <span className="settings-muted">{tunnel.hint}</span>
            </span>
          </label>
        ))}
        {fields.tunnel === 'command' && (
          <>
            <label htmlFor={`${id}-command`}>Tunnel command</label>
            <input
              id={`${id}-command`}
              value={fields.command}
              onChange={set('command')}
              required
              maxLength={2000}
              placeholder="cloudflared tunnel --url http://127.0.0.1:{port}"
              autoComplete="off"
            />
          </>
        )}
        <p className="settings-muted" role="status">
          {details.webhooks.message}
        </p>
      </fieldset>
      <label htmlFor={`${id}-country`}>Default country for phone numbers (optional)</label>
      <input
        id={`${id}-country`}
        value={fields.defaultCountry}
        onChange={set('defaultCountry')}
        maxLength={2}
        placeholder="US"
        autoComplete="off"
      />
      <label htmlFor={`${id}-sender`}>Sender ID for messages (optional)</label>
      <input
        id={`${id}-sender`}
        value={fields.senderId}
        onChange={set('senderId')}
        placeholder={EXAMPLE_PHONE_NUMBER}
        autoComplete="off"
      />
      {error && <ErrorDetails error={error} />}
      <div className="settings-form-actions">
        <Button variant="primary" type="submit" disabled={saving || nameProblem !== null}>
          {saving ? 'Saving…' : 'Save settings'}
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}
