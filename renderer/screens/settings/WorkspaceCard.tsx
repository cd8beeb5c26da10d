// One workspace in Settings: what it is and where it lives, whether it is the active one
// (or a button to switch to it), its keys, and its own settings behind an Edit button.
import { Button } from '../../components/Button.tsx';
import { useId, useState } from 'react';
import type { WorkspaceView } from '../../../shared/ipcViews.ts';
import { useSettings } from '../../stores/settingsStore.ts';
import { KeyRow } from './KeyRow.tsx';
import { LocalKeyRow } from './LocalKeyRow.tsx';
import { WorkspaceOptionsForm } from './WorkspaceOptionsForm.tsx';

export function WorkspaceCard({ workspace }: { workspace: WorkspaceView }) {
  const switching = useSettings((s) => s.saving === 'switch');
  const switchTo = useSettings((s) => s.switchTo);
  const details = useSettings((s) => s.details[workspace.id]);
  const loadDetails = useSettings((s) => s.loadDetails);
  const [editing, setEditing] = useState(false);
  const id = useId();
  const local = workspace.kind === 'local';

  async function edit() {
    await loadDetails(workspace.id);
    setEditing(true);
  }

  return (
    <li className={workspace.active ? 'settings-card is-active' : 'settings-card'}>
      <article aria-labelledby={`${id}-name`}>
        <header className="settings-card-head">
          <h3 id={`${id}-name`}>{workspace.name}</h3>
          <span className="settings-tag">{local ? 'Local sandbox on this computer' : 'Remote account'}</span>
          {workspace.active ? (
            <span className="settings-tag settings-tag-active">Active</span>
          ) : (
            <Button onClick={() => void switchTo(workspace.id)} disabled={switching}>
              Switch to {workspace.name}
            </Button>
          )}
        </header>
        <p className="settings-muted settings-address">
          {workspace.createBaseUrl ?? (local ? 'Starts when this workspace is used.' : '—')}
        </p>
        <dl className="settings-keys">
          {local ? (
            <LocalKeyRow workspace={workspace} />
          ) : (
            <>
              <KeyRow workspace={workspace} which="create" />
              <KeyRow workspace={workspace} which="messaging" />
            </>
          )}
        </dl>
        {editing && details ? (
          <WorkspaceOptionsForm details={details} onDone={() => setEditing(false)} />
        ) : (
          <Button onClick={() => void edit()} aria-label={`Edit settings of ${workspace.name}`}>
            Edit settings
          </Button>
        )}
      </article>
    </li>
  );
}
