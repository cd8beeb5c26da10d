// Settings: the theme (Appearance), the workspaces (switch, see each key's last four and
// expiry, replace or forget a key, edit a workspace's own settings), adding a remote account
// (its key is checked with GET /me before it is saved), the media cache's limit, and the
// keyboard shortcuts.
import { Button } from '../../components/Button.tsx';
import { useEffect, useRef, useState } from 'react';
import { useSettings } from '../../stores/settingsStore.ts';
import { useWorkspace } from '../../stores/workspaceStore.ts';
import { RemoteAccountForm } from '../FirstLaunch.tsx';
import { AppearanceSettings } from './AppearanceSettings.tsx';
import { ErrorDetails } from '../../components/ErrorDetails.tsx';
import { MediaCacheSettings } from './MediaCacheSettings.tsx';
import { ShortcutSettings } from './ShortcutSettings.tsx';
import { WorkspaceCard } from './WorkspaceCard.tsx';
import './settings.css';

function AddRemoteAccount() {
  const [open, setOpen] = useState(false);
  const activeId = useWorkspace((s) => s.workspace?.id);
  const opened = useRef<string | undefined>(undefined);

  // Once the new account is added it becomes the active workspace: the form closes.
  useEffect(() => {
    if (open && opened.current !== activeId) setOpen(false);
  }, [open, activeId]);

  if (!open)
    return (
      <Button
        onClick={() => {
          opened.current = activeId;
          setOpen(true);
        }}
      >
        Add a remote account
      </Button>
    );
  return (
    <div className="settings-add-remote">
      <RemoteAccountForm />
      <Button onClick={() => setOpen(false)}>Close without adding</Button>
    </div>
  );
}

export function SettingsScreen() {
  const workspaces = useSettings((s) => s.workspaces);
  const loaded = useSettings((s) => s.loaded);
  const switchError = useSettings((s) => s.errors.switch);
  const load = useSettings((s) => s.load);
  const hasLocal = workspaces.some((w) => w.kind === 'local');
  const chooseLocal = useWorkspace((s) => s.chooseLocal);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="screen settings-screen" aria-labelledby="screen-title" aria-busy={!loaded}>
      <h1 id="screen-title">Settings</h1>
      <AppearanceSettings />
      <section aria-labelledby="workspaces-title">
        <h2 id="workspaces-title">Workspaces</h2>
        <p className="settings-muted">
          Each workspace is an account on a service. API keys stay in the system keychain: Clipdesk shows only their
          last four characters and when they expire.
        </p>
        {switchError && <ErrorDetails error={switchError} />}
        <ul className="settings-workspaces" aria-label="Workspaces">
          {workspaces.map((workspace) => (
            <WorkspaceCard key={workspace.id} workspace={workspace} />
          ))}
        </ul>
        <div className="settings-actions">
          <AddRemoteAccount />
          {loaded && !hasLocal && (
            <Button onClick={() => void chooseLocal().then(load)}>Add the local workspace</Button>
          )}
        </div>
      </section>
      <MediaCacheSettings />
      <ShortcutSettings />
    </section>
  );
}
