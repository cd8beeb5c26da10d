// Files dragged from the desktop onto an area: whether they are over it now (to highlight it)
// and the handlers that take them. dragenter and dragleave fire for every child the pointer
// crosses, so they are counted to know when it has really left. Drags that carry no files
// (a clip, a text selection) are not this area's business.
import { useRef, useState, type DragEvent } from 'react';

const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

export function useFileDrop(options: {
  /** Whether a drop would be taken now (the pointer shows "copy" or "none"). */
  accepts: boolean;
  onDrop: (files: File[]) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const dropProps = {
    onDragEnter(e: DragEvent) {
      if (!carriesFiles(e)) return;
      depth.current += 1;
      setDragging(true);
    },
    onDragLeave() {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDragOver(e: DragEvent) {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = options.accepts ? 'copy' : 'none';
    },
    onDrop(e: DragEvent) {
      e.preventDefault();
      depth.current = 0;
      setDragging(false);
      const files = [...e.dataTransfer.files];
      if (files.length > 0) options.onDrop(files);
    },
  };
  return { dragging, dropProps };
}
