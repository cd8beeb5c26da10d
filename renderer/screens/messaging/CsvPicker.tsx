// Choosing a CSV file for the Messaging screen: the app's own button opens the system's
// chooser (the bare file input stays hidden, reachable by its label for tests and assistive
// technology), and the same area takes a .csv dragged onto it from the desktop. A dropped
// file that is not a CSV is refused here with what to do instead.
import { FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useFileDrop } from '../../components/useFileDrop.ts';
import { Button } from '../../components/Button.tsx';

/** A file name or type that a CSV reader can take (a spreadsheet's CSV export, or plain text). */
export function looksLikeCsv(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.(csv|txt)$/i.test(file.name) || file.type === 'text/csv' || file.type === 'text/plain';
}

export function CsvPicker({
  label,
  buttonLabel,
  dropLabel,
  onFile,
}: {
  /** The accessible name of the hidden input and of the drop area ("CSV file of contacts"). */
  label: string;
  buttonLabel: string;
  /** The drop area's name ("Drop a CSV of contacts"): distinct from label, so each is found alone. */
  dropLabel: string;
  onFile: (file: File) => void;
}) {
  const [refused, setRefused] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  function take(file: File | undefined) {
    if (!file) return;
    if (!looksLikeCsv(file)) {
      setRefused(`${file.name} is not a CSV file: export the sheet as CSV (comma-separated values) and drop that.`);
      return;
    }
    setRefused(null);
    onFile(file);
  }

  const { dragging, dropProps } = useFileDrop({ accepts: true, onDrop: (files) => take(files[0]) });

  return (
    <div
      className={dragging ? 'msg-csv-drop msg-csv-dragging' : 'msg-csv-drop'}
      role="group"
      aria-label={dropLabel}
      {...dropProps}
    >
      <Button variant="primary" icon={FileUp} onClick={() => input.current?.click()} aria-describedby={`${id}-hint`}>
        {buttonLabel}
      </Button>
      <span id={`${id}-hint`} className="msg-muted">
        {dragging ? 'Drop the .csv file here' : 'or drag a .csv file here'}
      </span>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv,text/plain"
        hidden
        aria-label={label}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          take(file);
        }}
      />
      {refused && (
        <p className="msg-hint msg-bad" role="alert">
          {refused}
        </p>
      )}
    </div>
  );
}
