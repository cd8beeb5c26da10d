// A Copy button's state: copy(text) writes to the clipboard through copyText; `copied` is
// true after a copy that worked, `error` holds the message of one that failed (render it
// beside the button, e.g. <CopyError error={error} />), and the next copy clears both.
import { useCallback, useState } from 'react';
import { copyText } from '../client/copyText.ts';

export interface CopyState {
  readonly copied: boolean;
  readonly error: string | null;
  copy(text: string): Promise<boolean>;
}

export function useCopy(): CopyState {
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const copy = useCallback(async (text: string) => {
    const outcome = await copyText(text);
    setCopied(outcome.ok);
    setError(outcome.ok ? null : outcome.message);
    return outcome.ok;
  }, []);
  return { copied, error, copy };
}
