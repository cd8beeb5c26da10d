// One key of a workspace: whether it is set, its last four and expiry (never the key), and
// replacing it (a Create API key is checked with the service before it is saved) or
// forgetting it (asked once more first).
import { Button } from '../../components/Button.tsx';
import { useId, useState, type FormEvent } from 'react';
import type { KeyStatus, WorkspaceView } from '../../../shared/ipcViews.ts';
import { keyForm, useSettings, type KeyKind } from '../../stores/settingsStore.ts';
import { ErrorDetails } from '../../components/ErrorDetails.tsx';
import { WHAT_HAPPENED } from '../../components/KeyProblemPrompt.tsx';
import { dateText } from '../../model/dateTimeText.ts';

const KEY_NAMES: Record<KeyKind, string> = { create: 'Create API key', messaging: 'Messaging API key' };

export function keyStatusText(status: KeyStatus, now = Date.now()): string {
  if (!status.present) return 'Not set';
  const ending = status.lastFour ? `ending …${status.lastFour}` : 'set';
  if (!status.expiresAt) return `${ending}, no expiry known`;
  const expires = new Date(status.expiresAt);
  const when = dateText(expires);
  return expires.getTime() <= now ? `${ending}, expired on ${when}` : `${ending}, expires on ${when}`;
}

export function KeyRow({ workspace, which }: { workspace: WorkspaceView; which: KeyKind }) {
  const status = workspace.keys[which];
  const form = keyForm(workspace.id, which);
  const saving = useSettings((s) => s.saving === form);
  const error = useSettings((s) => s.errors[form]);
  const problem = useSettings((s) => s.problems.find((p) => p.workspaceId === workspace.id));
  const replaceKey = useSettings((s) => s.replaceKey);
  const forgetKey = useSettings((s) => s.forgetKey);
  const clearError = useSettings((s) => s.clearError);
  const [mode, setMode] = useState<'view' | 'replace' | 'forget'>('view');
  const [value, setValue] = useState('');
  const id = useId();
  const keyName = KEY_NAMES[which];
  const refused = which === 'create' && problem;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await replaceKey(workspace.id, which, value.trim())) {
      setValue('');
      setMode('view');
    }
  }

  function close() {
    setValue('');
    setMode('view');
    clearError(form);
  }

  return (
    <div className="settings-key-row">
      <dt>{keyName}</dt>
      <dd>
        <span className={refused ? 'settings-key-refused' : undefined}>
          {keyStatusText(status)}
          {refused && ` — the service says this key ${WHAT_HAPPENED[problem.code]}`}
        </span>
        {mode === 'view' && (
          <span className="settings-key-actions">
            {/* The name starts with the words shown (WCAG 2.5.3), then says which key. */}
            <Button
              onClick={() => setMode('replace')}
              aria-label={`${status.present ? 'Replace key' : 'Add key'}: the ${keyName} of ${workspace.name}`}
            >
              {status.present ? 'Replace key' : 'Add key'}
            </Button>
            {status.present && (
              <Button onClick={() => setMode('forget')} aria-label={`Forget key: the ${keyName} of ${workspace.name}`}>
                Forget key
              </Button>
            )}
          </span>
        )}
        {mode === 'replace' && (
          <form
            className="settings-inline-form"
            onSubmit={(e) => void submit(e)}
            aria-label={`New ${keyName} for ${workspace.name}`}
          >
            <label htmlFor={`${id}-key`}>
              New {keyName} for {workspace.name}
            </label>
            <input
              id={`${id}-key`}
              type="password"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              required
              autoComplete="off"
              autoFocus
              onKeyDown={(e) => e.key === 'Escape' && close()}
            />
            <Button variant="primary" type="submit" disabled={saving || value.trim() === ''}>
              {which === 'create' ? 'Check and save key' : 'Save key'}
            </Button>
            <Button onClick={close}>Cancel</Button>
          </form>
        )}
        {mode === 'forget' && (
          <span
            className="settings-inline-form"
            role="group"
            aria-label={`Forget the ${keyName} of ${workspace.name}?`}
          >
            <span>Forget this key? Requests of {workspace.name} stop working until a new one is added.</span>
            <Button
              variant="danger"

              disabled={saving}
              onClick={() => void forgetKey(workspace.id, which).then(() => setMode('view'))}
            >
              Forget
            </Button>
            <Button onClick={close}>Keep it</Button>
          </span>
        )}
        {error && <ErrorDetails error={error} />}
      </dd>
    </div>
  );
}
