// The first launch: the local workspace (the bundled sandbox: works at once, offline), or a
// remote account whose key is checked with GET /me before it is saved in the keychain.
import { Cloud, HardDrive, SquarePlay } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../components/Button.tsx';
import { ErrorDetails } from '../components/ErrorDetails.tsx';
import { Field } from '../components/Field.tsx';
import './firstLaunch.css';
import { APP_LIMITS, tooLong } from '../../shared/limits.ts';
import { useWorkspace } from '../stores/workspaceStore.ts';

export function RemoteAccountForm() {
  const busy = useWorkspace((s) => s.busy);
  const remoteError = useWorkspace((s) => s.remoteError);
  const addRemote = useWorkspace((s) => s.addRemote);
  const [fields, setFields] = useState({
    name: '',
    createBaseUrl: '',
    apiKey: '',
    messagingBaseUrl: '',
    messagingApiKey: '',
  });
  const id = useId();
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));

  const nameProblem = tooLong('The workspace name', fields.name, APP_LIMITS.workspaceName.max);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (nameProblem) return;
    const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
    void addRemote({
      name: fields.name,
      createBaseUrl: fields.createBaseUrl,
      apiKey: fields.apiKey,
      messagingBaseUrl: optional(fields.messagingBaseUrl),
      messagingApiKey: optional(fields.messagingApiKey),
    });
  }

  return (
    <form className="first-launch-card" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h2 id={`${id}-title`}>
        <Cloud className="first-launch-icon" aria-hidden="true" />
        Connect a remote account
      </h2>
      <p className="first-launch-text">
        Your API key is checked with the service before it is saved, and kept only in the system keychain.
      </p>
      <Field label="Workspace name" error={nameProblem}>
        {(control) => <input {...control} value={fields.name} onChange={set('name')} required autoComplete="off" />}
      </Field>
      <Field label="Create API base URL">
        {(control) => (
          <input
            {...control}
            type="url"
            value={fields.createBaseUrl}
            onChange={set('createBaseUrl')}
            required
            placeholder="https://api.example.com/api/v1"
          />
        )}
      </Field>
      <Field label="Create API key">
        {(control) => (
          <input
            {...control}
            type="password"
            value={fields.apiKey}
            onChange={set('apiKey')}
            required
            autoComplete="off"
          />
        )}
      </Field>
      <Field label="Messaging API base URL (optional)">
        {(control) => (
          <input {...control} type="url" value={fields.messagingBaseUrl} onChange={set('messagingBaseUrl')} />
        )}
      </Field>
      <Field label="Messaging API key (optional)">
        {(control) => (
          <input
            {...control}
            type="password"
            value={fields.messagingApiKey}
            onChange={set('messagingApiKey')}
            autoComplete="off"
          />
        )}
      </Field>
      {remoteError && <ErrorDetails error={remoteError} />}
      <Button type="submit" variant="primary" disabled={busy || nameProblem !== null}>
        Check key and connect
      </Button>
    </form>
  );
}

export function FirstLaunch() {
  const busy = useWorkspace((s) => s.busy);
  const chooseLocal = useWorkspace((s) => s.chooseLocal);
  return (
    <main className="first-launch" aria-busy={busy}>
      <header className="first-launch-header">
        <SquarePlay className="first-launch-mark" aria-hidden="true" />
        <h1>Welcome to Clipdesk</h1>
        <p>Choose where your projects live. You can add or switch workspaces later in Settings.</p>
      </header>
      <div className="first-launch-choices">
        <section className="first-launch-card" aria-labelledby="local-title">
          <h2 id="local-title">
            <HardDrive className="first-launch-icon" aria-hidden="true" />
            Local workspace
          </h2>
          <p className="first-launch-text">
            Works at once and offline: a complete local service runs on this computer, with its own demo wallet.
          </p>
          <Button variant="primary" onClick={() => void chooseLocal()} disabled={busy}>
            Use the local workspace
          </Button>
          {busy && <p role="status">Starting…</p>}
        </section>
        <RemoteAccountForm />
      </div>
    </main>
  );
}
