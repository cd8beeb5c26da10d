// The local workspace's key in Settings: made by its own service, so it takes no key from the
// user; when it stops working (refused, made for another address, missing) one button has the
// service make a new one from the master secret the app keeps.
import { Button } from '../../components/Button.tsx';
import { ErrorDetails } from '../../components/ErrorDetails.tsx';
import { WHAT_HAPPENED } from '../../components/KeyProblemPrompt.tsx';
import type { WorkspaceView } from '../../../shared/ipcViews.ts';
import { REPAIR_FORM, useSettings } from '../../stores/settingsStore.ts';
import { keyStatusText } from './KeyRow.tsx';

export function LocalKeyRow({ workspace }: { workspace: WorkspaceView }) {
  const problem = useSettings((s) => s.problems.find((p) => p.workspaceId === workspace.id));
  const repairing = useSettings((s) => s.saving === REPAIR_FORM);
  const error = useSettings((s) => s.errors[REPAIR_FORM]);
  const repairLocalKey = useSettings((s) => s.repairLocalKey);
  const status = workspace.keys.create;

  return (
    <div className="settings-key-row">
      <dt>API keys</dt>
      <dd>
        <span className={problem ? 'settings-key-refused' : undefined}>
          {status.present ? `Create API key ${keyStatusText(status)}` : 'No key yet'}
          {problem
            ? ` — this key ${WHAT_HAPPENED[problem.code]}.`
            : '. Made by the local sandbox itself and kept in the system keychain.'}
        </span>
        <span className="settings-key-actions">
          <Button
            variant={problem ? 'primary' : undefined}
            disabled={repairing}
            onClick={() => void repairLocalKey()}
            aria-label={`Repair key: make a new key for ${workspace.name}`}
          >
            {repairing ? 'Repairing…' : 'Repair key'}
          </Button>
        </span>
        {error && <ErrorDetails error={error} />}
      </dd>
    </div>
  );
}
