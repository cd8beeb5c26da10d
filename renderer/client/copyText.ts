// Copying text to the system clipboard (request IDs, delivery links), saying so when it
// fails: the desktop app allows clipboard writes to its own page only, and a browser refuses
// them to an unfocused page or without the user's click. Every Copy button goes through
// copyText (or the useCopy hook), and shows the failure's message where the button is.

const BY_HAND = 'Select the text and press Ctrl+C (⌘C on a Mac).';

export type CopyOutcome = { readonly ok: true } | { readonly ok: false; readonly message: string };

/** The clipboard a page has (navigator.clipboard), when it has one. */
export interface WritableClipboard {
  writeText(text: string): Promise<void>;
}

function pageClipboard(): WritableClipboard | null {
  return typeof navigator !== 'undefined' && navigator.clipboard ? navigator.clipboard : null;
}

export async function copyText(
  text: string,
  clipboard: WritableClipboard | null = pageClipboard(),
): Promise<CopyOutcome> {
  if (!clipboard) return { ok: false, message: `Not copied: there is no clipboard here. ${BY_HAND}` };
  try {
    await clipboard.writeText(text);
    return { ok: true };
  } catch {
    // The browser's reason ("Write permission denied", "Document is not focused") helps no one here.
    return { ok: false, message: `Not copied: the clipboard refused. ${BY_HAND}` };
  }
}
