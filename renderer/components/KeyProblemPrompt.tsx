// The one prompt for a key the service refused (expired, revoked or unknown): a banner that
// names the workspace and offers "Replace key", instead of an error for every request that
// meets the refusal. The new key is checked with the service before it is saved; once it
// is, main clears the problem (key.problem) and the banner goes.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import type { KeyProblem } from '../../shared/ipc/settingsView.ts';
import { ErrorDetails } from './ErrorDetails.tsx';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { Field } from './Field.tsx';
import { useNavigation } from '../stores/navigationStore.ts';
import { promptForm, REPAIR_FORM, useIsLocalWorkspace, useSettings } from '../stores/settingsStore.ts';
import { useWorkspace } from '../stores/workspaceStore.ts';
import './keyProblemPrompt.css';

/** What happened to a refused key, in words ("has expired"). */
export const WHAT_HAPPENED: Record<KeyProblem['code'], string> = {
  'auth.key_expired': 'has expired',
  'auth.key_revoked': 'was revoked',
  'auth.invalid_key': 'is not recognised by the service',
  'workspace.key_origin': 'was made for another address than the one the service answers at',
  'workspace.key_missing': 'is missing from the system keychain',
};

function ReplaceKeyDialog({ problem, onClose }: { problem: KeyProblem; onClose: () => void }) {
  const form = promptForm(problem.workspaceId);
  const saving = useSettings((s) => s.saving === form);
  const error = useSettings((s) => s.errors[form]);
  const replaceKey = useSettings((s) => s.replaceKey);
  const clearError = useSettings((s) => s.clearError);
  const [value, setValue] = useState('');
  const id = useId();

  function close() {
    clearError(form);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await replaceKey(problem.workspaceId, 'create', value.trim(), form)) onClose();
  }

  return (
    <Dialog
      title={`Replace the API key of ${problem.workspaceName}`}
      onClose={close}
      footer={
        <>
          <Button onClick={close}>Later</Button>
          <Button type="submit" form={`${id}-form`} variant="primary" disabled={saving || value.trim() === ''}>
            {saving ? 'Checking…' : 'Check and save key'}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={(e) => void submit(e)} className="app-key-form">
        <p>
          Paste a new Create API key for this account. It is checked with the service before it replaces the old one,
          and kept only in the system keychain.
        </p>
        <Field label={`New API key for ${problem.workspaceName}`}>
          {(control) => (
            <input
              {...control}
              type="password"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              required
              autoComplete="off"
            />
          )}
        </Field>
        {error && <ErrorDetails error={error} />}
      </form>
    </Dialog>
  );
}

export function KeyProblemPrompt() {
  const problems = useSettings((s) => s.problems);
  const loadProblems = useSettings((s) => s.loadProblems);
  const activeId = useWorkspace((s) => s.workspace?.id);
  const go = useNavigation((s) => s.go);
  const [replacing, setReplacing] = useState<string | null>(null);

  useEffect(() => {
    void loadProblems();
  }, [loadProblems]);

  const repairLocalKey = useSettings((s) => s.repairLocalKey);
  const repairing = useSettings((s) => s.saving === REPAIR_FORM);
  const repairError = useSettings((s) => s.errors[REPAIR_FORM]);

  // The active workspace's problem first: that is the one stopping the user now.
  const problem = problems.find((p) => p.workspaceId === activeId) ?? problems[0];
  const local = useIsLocalWorkspace(problem?.workspaceId);
  if (!problem) return null;
  return (
    <>
      <div className="app-key-problem" role="alert" aria-label="API key problem">
        <KeyRound className="app-key-problem-icon" aria-hidden="true" />
        <p>
          <strong>
            The API key of “{problem.workspaceName}” {WHAT_HAPPENED[problem.code]}.
          </strong>{' '}
          {local
            ? 'Requests to this workspace fail until it makes itself a new key; work waiting in the queue is kept. '
            : 'Requests to this workspace fail until it is replaced; work waiting in the queue is kept. '}
          {problem.requestId && (
            <span className="app-key-problem-meta">
              (Request ID <code>{problem.requestId}</code>)
            </span>
          )}
        </p>
        <div className="app-key-problem-actions">
          {local ? (
            <Button variant="primary" size="sm" disabled={repairing} onClick={() => void repairLocalKey()}>
              {repairing ? 'Repairing…' : 'Repair key'}
            </Button>
          ) : (
            <Button variant="primary" size="sm" onClick={() => setReplacing(problem.workspaceId)}>
              Replace key
            </Button>
          )}
          <Button size="sm" onClick={() => go('Settings')}>
            Open Settings
          </Button>
        </div>
        {local && repairError && <ErrorDetails error={repairError} />}
      </div>
      {replacing === problem.workspaceId && <ReplaceKeyDialog problem={problem} onClose={() => setReplacing(null)} />}
    </>
  );
}
