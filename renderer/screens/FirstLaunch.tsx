// The first launch: the local workspace (the bundled sandbox: works at once, offline), or a
// remote account whose key is checked with GET /me before it is saved in the keychain.
import { useId, useState, type FormEvent } from 'react';
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
    <form className="card" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h2 id={`${id}-title`}>Connect a remote account</h2>
      <p>Your API key is checked with the service before it is saved, and kept only in the system keychain.</p>
      <label htmlFor={`${id}-name`}>Workspace name</label>
      <input
        id={`${id}-name`}
        value={fields.name}
        onChange={set('name')}
        required
        autoComplete="off"
        aria-invalid={nameProblem !== null}
        aria-describedby={nameProblem ? `${id}-name-problem` : undefined}
      />
      {nameProblem && (
        <p id={`${id}-name-problem`} className="form-error" role="alert">
          {nameProblem}
        </p>
      )}
      <label htmlFor={`${id}-create`}>Create API base URL</label>
      <input
        id={`${id}-create`}
        type="url"
        value={fields.createBaseUrl}
        onChange={set('createBaseUrl')}
        required
        placeholder="https://api.example.com/api/v1"
      />
      <label htmlFor={`${id}-key`}>Create API key</label>
      <input
        id={`${id}-key`}
        type="password"
        value={fields.apiKey}
        onChange={set('apiKey')}
        required
        autoComplete="off"
      />
      <label htmlFor={`${id}-messaging`}>Messaging API base URL (optional)</label>
      <input id={`${id}-messaging`} type="url" value={fields.messagingBaseUrl} onChange={set('messagingBaseUrl')} />
      <label htmlFor={`${id}-messaging-key`}>Messaging API key (optional)</label>
      <input
        id={`${id}-messaging-key`}
        type="password"
        value={fields.messagingApiKey}
        onChange={set('messagingApiKey')}
        autoComplete="off"
      />
      {remoteError && (
        <p className="form-error" role="alert">
          {remoteError.message} (<code>{remoteError.code}</code>)
        </p>
      )}
      <button type="submit" disabled={busy || nameProblem !== null}>
        Check key and connect
      </button>
    </form>
  );
}

export function FirstLaunch() {
  const busy = useWorkspace((s) => s.busy);
  const chooseLocal = useWorkspace((s) => s.chooseLocal);
  return (
    <main className="first-launch" aria-busy={busy}>
      <h1>Welcome to Clipdesk</h1>
      <p>Choose where your projects live. You can add or switch workspaces later in Settings.</p>
      <div className="choices">
        <section className="card" aria-labelledby="local-title">
          <h2 id="local-title">Local workspace</h2>
          <p>Works at once and offline: a complete local service runs on this computer, with its own demo wallet.</p>
          <button type="button" onClick={() => void chooseLocal()} disabled={busy}>
            Use the local workspace
          </button>
          {busy && <p role="status">Starting…</p>}
        </section>
        <RemoteAccountForm />
      </div>
    </main>
  );
}
