// Choosing a CSV file for the Messaging screen: the app's own button opens the system's
// chooser (the bare file input stays hidden, reachable by its label for tests and assistive
// technology), and the same area takes a .csv dragged onto it from the desktop. A dropped
// file that is not a CSV is refused here with what to do instead.
import { FileUp } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '../../components/Button.tsx';

const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

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
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  // dragenter/dragleave fire for every child crossed: count them to know when the pointer left.
  const depth = useRef(0);
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

  return (
    <div
      className={dragging ? 'msg-csv-drop msg-csv-dragging' : 'msg-csv-drop'}
      role="group"
      aria-label={dropLabel}
      onDragEnter={(e) => {
        if (!carriesFiles(e)) return;
        depth.current += 1;
        setDragging(true);
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDragOver={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDrop={(e) => {
        e.preventDefault();
        depth.current = 0;
        setDragging(false);
        take(e.dataTransfer.files[0]);
      }}
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
