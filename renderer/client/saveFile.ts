// Where the page itself saves a file, as a download: browser mode hands the page a single-use
// link main serves (an asset), or text made for it (a caption file). In the desktop app main
// has already written the file where the user chose. The one place in the renderer that
// makes a download; stores and screens hand it what to save.
import type { DownloadOutcome } from '../../shared/mediaViews.ts';
import { invoke } from './clipdesk.ts';

export type SaveableFile =
  | { readonly filename: string; readonly url: string }
  | { readonly filename: string; readonly contentType: string; readonly text: string };

/** Text the page made is kept this long (ms) for the browser to read it once the click started the download. */
const TEXT_KEPT_MS = 60_000;

export function saveFile(file: SaveableFile): void {
  if ('url' in file) return clickDownload(file.url, file.filename);
  const url = URL.createObjectURL(new Blob([file.text], { type: file.contentType }));
  clickDownload(url, file.filename);
  setTimeout(() => URL.revokeObjectURL(url), TEXT_KEPT_MS);
}

/**
 * Downloads an asset (media.download): the page saves browser mode's link; the desktop app
 * saved it already. Answers the path main saved it to, or null (a link saved here, or the
 * user closed the save dialog).
 */
export async function downloadAsset(assetId: number): Promise<string | null> {
  const outcome: DownloadOutcome = await invoke('media.download', { assetId });
  if (outcome.outcome === 'link') saveFile({ url: outcome.url, filename: outcome.filename });
  return outcome.outcome === 'saved' ? outcome.path : null;
}

function clickDownload(url: string, filename: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
