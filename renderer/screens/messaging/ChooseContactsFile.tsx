// The first step of a contact import: the CSV file, chosen with the app's button or dropped
// on it, and the imports a restart cut off, to open and resume.
import { Button } from '../../components/Button.tsx';
import { useContactImport } from '../../stores/messagingImportStore.ts';
import { CsvPicker } from './CsvPicker.tsx';

const n = (value: number) => value.toLocaleString('en-US');

export function ChooseContactsFile() {
  const readFile = useContactImport((s) => s.readFile);
  const fileError = useContactImport((s) => s.fileError);
  const past = useContactImport((s) => s.past);
  const open = useContactImport((s) => s.open);
  // A file whose rows never all arrived cannot run: it is chosen again instead.
  const unfinished = past.filter((p) => p.state !== 'filling' && (p.state !== 'finished' || p.counts.unknown > 0));
  return (
    <div>
      <p>A CSV file with a header line: you choose which column is the number, the name and so on in the next step.</p>
      <CsvPicker
        label="CSV file of contacts"
        buttonLabel="Choose a CSV of contacts…"
        dropLabel="Drop a CSV of contacts"
        onFile={(file) => void readFile(file)}
      />
      {fileError && (
        <p className="msg-hint msg-bad" role="alert">
          {fileError}
        </p>
      )}
      {unfinished.length > 0 && (
        <div className="past-imports">
          <h3>Imports not finished</h3>
          <ul>
            {unfinished.map((p) => (
              <li key={p.importId}>
                {p.fileName}: {n(p.counts.added + p.counts.duplicate + p.counts.invalid + p.counts.failed)} of{' '}
                {n(p.totalRows)} rows done ({p.state}){' '}
                <Button size="sm" onClick={() => void open(p)}>
                  Open {p.fileName}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
