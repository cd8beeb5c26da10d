// The control that listens for a new key (Settings › Shortcuts): focused as it appears, it
// takes the next key pressed with its modifiers, and gives it to `onKey`. Escape cancels, as
// does Tab (the focus moves on, so the keyboard is never trapped) or a click elsewhere. The
// key never reaches the app's keymap.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { chordOfEvent } from '../../model/keymap/keyBindings.ts';

export interface KeyCaptureProps {
  /** What the key is for ("Split at the playhead"): part of the control's name. */
  action: string;
  onKey: (chord: string) => void;
  /** Escape: the focus goes back to where the capture started. */
  onCancel: () => void;
  /** The focus moved elsewhere (Tab, a click): it stays there. */
  onLeave: () => void;
}

export function KeyCapture({ action, onKey, onCancel, onLeave }: KeyCaptureProps) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
    if (event.key === 'Tab' && !event.ctrlKey && !event.metaKey && !event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'Escape' && plain) return onCancel();
    const chord = chordOfEvent(event.nativeEvent);
    if (chord !== null) onKey(chord);
  }

  return (
    <button
      ref={button}
      type="button"
      className="settings-capture"
      aria-label={`New key for ${action}: press it now, or Escape to cancel`}
      onKeyDown={onKeyDown}
      // Space and Enter were taken as keys: their release must not press the button.
      onKeyUp={(event) => event.preventDefault()}
      onClick={(event) => event.preventDefault()}
      onBlur={onLeave}
    >
      Press a key…
    </button>
  );
}
