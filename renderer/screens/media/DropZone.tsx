// Dropping files from the desktop anywhere on the Media screen uploads them to what the
// screen shows; "Add files…" opens the system's file chooser for the same (and for the
// keyboard). The page only reads names and sizes here: the bytes go to main as they are sent.
import { Upload } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { useId, useRef, type ReactNode } from 'react';
import { useFileDrop } from '../../components/useFileDrop.ts';
import { ACCEPTED_EXTENSIONS } from '../../../shared/mediaTypes.ts';

const ACCEPT = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export function DropZone({
  onFiles,
  destination,
  header,
  children,
}: {
  onFiles: (files: File[]) => void;
  /** Shown above the drop hint (the screen's heading and pickers). */
  header: ReactNode;
  /** Where dropped files go, in words ("Spring campaign"); null when nowhere yet. */
  destination: string | null;
  children: ReactNode;
}) {
  const { dragging, dropProps } = useFileDrop({ accepts: destination !== null, onDrop: onFiles });
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  return (
    <div className={dragging ? 'media-drop-area media-dragging' : 'media-drop-area'} {...dropProps}>
      {header}
      <div className="media-drop-zone" aria-describedby={`${id}-hint`}>
        <p id={`${id}-hint`}>
          {destination ? (
            <>
              Drop images, video or audio anywhere here to upload them to <strong>{destination}</strong>.
            </>
          ) : (
            'Choose a project to upload files to it.'
          )}
        </p>
        <Button variant="primary" icon={Upload} onClick={() => input.current?.click()} disabled={!destination}>
          Add files…
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          aria-label="Files to upload"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
      </div>
      {children}
      {dragging && (
        <div className="media-drop-overlay" aria-hidden="true">
          {destination ? `Drop to upload to ${destination}` : 'Choose a project first'}
        </div>
      )}
    </div>
  );
}
