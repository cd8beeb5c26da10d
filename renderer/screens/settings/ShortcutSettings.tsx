// Settings › Shortcuts: every command of the keymap with its keys now. A key is changed by
// pressing it (KeyCapture); a key another command holds is refused, naming that command. One
// command or all go back to the set's keys; the set is Clipdesk's own or Premiere-style
// (docs/shortcuts.md); the keys can be exported to a JSON file and imported from one, which is
// checked whole first. Kept by main with the settings, so they survive a restart.
import { Download, Upload, X } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { KEYS_PER_COMMAND_MAX, type KeymapPreset } from '../../../shared/keymap/keymapSchema.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { RadioGroup } from '../../components/RadioGroup.tsx';
import { displayKeys, tableCommands } from '../../keymap/keymap.ts';
import {
  bindKey,
  conflictsOf,
  keysFor,
  removeKey,
  resetCommand,
  type KeymapCommand,
} from '../../model/keymap/keyBindings.ts';
import { KEYMAP_FILE_NAME, keymapFileText, readKeymapFile } from '../../model/keymap/keymapFile.ts';
import { saveFile } from '../../client/saveFile.ts';
import { usePreferences } from '../../stores/preferencesStore.ts';
import { useToasts } from '../../stores/toastStore.ts';
import { TIMELINE_SHORTCUTS } from '../timeline/shortcuts.ts';
import { KeyCapture } from './KeyCapture.tsx';

const PRESETS = [
  { value: 'default', label: 'Clipdesk', detail: 'The keys the shortcut sheet has always listed.' },
  {
    value: 'premiere',
    label: 'Premiere-style',
    detail: 'Premiere Pro’s keys where Clipdesk has the command: S snaps, Ctrl+K splits, \\ zooms to fit.',
  },
] as const;

interface Capture {
  readonly id: string;
  readonly how: 'replace' | 'add';
}

function groupsOf(commands: readonly KeymapCommand[]): Map<string, KeymapCommand[]> {
  const groups = new Map<string, KeymapCommand[]>();
  for (const c of commands) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  return groups;
}

export function ShortcutSettings() {
  const keymap = usePreferences((s) => s.keymap);
  const setKeymap = usePreferences((s) => s.setKeymap);
  const commands = tableCommands(TIMELINE_SHORTCUTS);
  const [capture, setCapture] = useState<Capture | null>(null);
  const [refusal, setRefusal] = useState<{ id: string; text: string } | null>(null);
  const [importProblems, setImportProblems] = useState<readonly string[] | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const changeButtons = useRef(new Map<string, HTMLButtonElement>());
  const conflicts = conflictsOf(commands, keymap);

  function endCapture(id: string) {
    setCapture(null);
    // The focus goes back where the user started.
    requestAnimationFrame(() => changeButtons.current.get(id)?.focus());
  }

  function take(command: KeymapCommand, how: Capture['how'], chord: string) {
    const outcome = bindKey(commands, keymap, command, chord, how, displayKeys);
    if (outcome.ok) {
      setRefusal(null);
      void setKeymap(outcome.keymap);
    } else setRefusal({ id: command.id, text: outcome.error });
    endCapture(command.id);
  }

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const read = readKeymapFile(await file.text(), commands);
    if (!read.ok) return setImportProblems(read.problems);
    setImportProblems(null);
    await setKeymap(read.keymap);
    useToasts.getState().showSuccess('Shortcuts imported', `The keys of ${file.name} are in use now.`);
  }

  return (
    <section aria-labelledby="shortcuts-title" className="settings-section">
      <h2 id="shortcuts-title">Shortcuts</h2>
      <p className="settings-muted">
        Keys work wherever their command is, except while typing in a field. Choose Change, then press the new key;
        Escape cancels.
      </p>
      <RadioGroup<KeymapPreset>
        legend="Set of keys (choosing one drops your changes)"
        value={keymap.preset}
        options={PRESETS}
        inline
        onChange={(preset) => void setKeymap({ preset, changed: {} })}
      />
      <div className="settings-actions">
        <Button
          icon={Download}
          onClick={() =>
            saveFile({
              filename: KEYMAP_FILE_NAME,
              contentType: 'application/json',
              text: keymapFileText(commands, keymap),
            })
          }
        >
          Export shortcuts
        </Button>
        <Button icon={Upload} onClick={() => fileInput.current?.click()}>
          Import shortcuts…
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Shortcuts file to import"
          onChange={(event) => void importFile(event)}
        />
        <Button
          disabled={Object.keys(keymap.changed).length === 0}
          onClick={() => void setKeymap({ preset: keymap.preset, changed: {} })}
        >
          Reset all shortcuts
        </Button>
      </div>
      {importProblems && (
        <div role="alert" className="settings-shortcut-problem">
          <strong>The shortcuts file was not imported. Nothing changed.</strong>
          <ul>
            {importProblems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {conflicts.length > 0 && (
        <div role="status" className="settings-shortcut-problem">
          {conflicts.map(({ chord, commands: held }) => (
            <p key={chord}>
              {displayKeys(chord)} is the key of both “{held[0]!.action}” and “{held[1]!.action}”: only the first runs.
              Change one of them.
            </p>
          ))}
        </div>
      )}
      {[...groupsOf(commands)].map(([group, inGroup]) => (
        <table key={group} className="settings-shortcuts">
          <caption>{group}</caption>
          <tbody>
            {inGroup.map((command) => {
              const keys = keysFor(command, keymap);
              const changed = command.id in keymap.changed;
              return (
                <tr key={command.id} className={changed ? 'is-changed' : undefined}>
                  <th scope="row">{command.action}</th>
                  <td>
                    <div className="settings-shortcut-keys">
                      {capture?.id === command.id ? (
                        <KeyCapture
                          action={command.action}
                          onKey={(chord) => take(command, capture.how, chord)}
                          onCancel={() => endCapture(command.id)}
                          onLeave={() => setCapture(null)}
                        />
                      ) : keys.length === 0 ? (
                        <span className="settings-muted">No key</span>
                      ) : (
                        keys.map((chord) => (
                          <span key={chord} className="settings-shortcut-key">
                            <kbd>{displayKeys(chord)}</kbd>
                            <IconButton
                              icon={X}
                              size="sm"
                              label={`Remove ${displayKeys(chord)} from ${command.action}`}
                              onClick={() => void setKeymap(removeKey(command, keymap, chord))}
                            />
                          </span>
                        ))
                      )}
                      {refusal?.id === command.id && (
                        <p role="alert" className="settings-shortcut-refusal">
                          {refusal.text}
                        </p>
                      )}
                    </div>
                  </td>
                  <td className="settings-shortcut-actions">
                    <Button
                      size="sm"
                      ref={(button) => {
                        if (button) changeButtons.current.set(command.id, button);
                        else changeButtons.current.delete(command.id);
                      }}
                      aria-label={`Change the key of ${command.action}`}
                      onClick={() => setCapture({ id: command.id, how: 'replace' })}
                    >
                      Change
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Add key to ${command.action}`}
                      disabled={keys.length >= KEYS_PER_COMMAND_MAX}
                      onClick={() => setCapture({ id: command.id, how: 'add' })}
                    >
                      Add key
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Reset ${command.action} to the set’s keys`}
                      disabled={!changed}
                      onClick={() => void setKeymap(resetCommand(command, keymap))}
                    >
                      Reset
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ))}
    </section>
  );
}
