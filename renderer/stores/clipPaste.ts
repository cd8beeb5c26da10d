// Pasting copied clips, in the project they came from or in another. A clip's media belongs to
// the project it was copied in; pasted elsewhere, it is attached to this project first (as a
// brand asset is, from the Media screen: no second upload, no second transcription), and the
// clips go on tracks with room for them (clipCommands.ts). Media the service will not attach
// (a project's own media is that project's alone) stops the paste before anything changes,
// saying which file and what to do instead.
import type { Asset } from '../../shared/api/createTypes.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { defaultProperties } from '../../shared/timeline/timelineRules.ts';
import { asAppError, invoke } from '../client/clipdesk.ts';
import { pasteCommands, type CopiedClip } from '../model/timeline/clipCommands.ts';
import { useTimelineMedia } from './timelineMediaStore.ts';
import { useTimeline } from './timelineStore.ts';
import { useTimelineView } from './timelineViewStore.ts';
import { showError, useToasts } from './toastStore.ts';

const PASTE = 'Pasting clips';

/** The media of clips copied in another project that this project does not have yet. */
function mediaToAttach(clipboard: readonly CopiedClip[], projectId: number): Map<number, Asset | null> {
  const known = useTimelineMedia.getState().assets;
  const wanted = new Map<number, Asset | null>();
  for (const { clip, asset, projectId: from } of clipboard) {
    if (clip.kind === 'caption' || from === projectId || known.has(clip.assetId)) continue;
    wanted.set(clip.assetId, asset);
  }
  return wanted;
}

function whyNot(assetId: number, asset: Asset | null, code: string, message: string): string {
  const name = asset?.filename ?? `asset ${assetId}`;
  if (code === 'attachment.not_brand_asset')
    return `${name} is media of the project it was copied in, and the service shares only brand media between projects. Upload ${name} to a brand on the Media screen, attach it to this project, and paste again. Nothing was pasted.`;
  return `${name} could not be attached to this project (${message}). Nothing was pasted.`;
}

/** Attaches the media the clips need; false (the reason shown) when one cannot be. */
async function attachAll(projectId: number, wanted: Map<number, Asset | null>): Promise<boolean> {
  for (const [assetId, asset] of wanted) {
    try {
      const attachment = await invoke('media.attach', { projectId, assetId });
      const known = attachment.asset ?? asset;
      // The bin, the monitor and the applier know the media at once, as if read with the project's.
      if (known && useTimelineMedia.getState().projectId === projectId)
        useTimelineMedia.setState((s) => ({ assets: new Map(s.assets).set(assetId, known) }));
    } catch (caught) {
      const error = asAppError(caught);
      showError(PASTE, { ...error, message: whyNot(assetId, asset, error.code, error.message) });
      return false;
    }
  }
  return true;
}

/** Pastes the clipboard at the playhead; the pasted clips end selected. */
export async function pasteClipboard(): Promise<void> {
  const { timeline, projectId } = useTimeline.getState();
  const { clipboard } = useTimelineView.getState();
  if (!timeline || projectId === null || clipboard.length === 0) return;
  const wanted = mediaToAttach(clipboard, projectId);
  if (wanted.size > 0 && !(await attachAll(projectId, wanted))) return;
  // Attaching took a while: the edit is made on the timeline as it is now, if it is still this one.
  const now = useTimeline.getState();
  if (now.projectId !== projectId || !now.timeline) return;
  const { playheadMs } = useTimelineView.getState();
  const commands: EditorCommand[] = pasteCommands(
    now.timeline,
    clipboard,
    playheadMs,
    defaultProperties(now.catalog),
    () => crypto.randomUUID(),
  );
  if (commands.length === 0) {
    useToasts.getState().showInfo(PASTE, 'Nothing to paste.');
    return;
  }
  const ids = commands.flatMap((c) => (c.type === 'addClip' || c.type === 'addCaption' ? [c.clipId!] : []));
  if (now.edit(commands, clipboard.length > 1 ? `Paste ${clipboard.length} clips` : 'Paste clip'))
    useTimelineView.getState().select(ids);
}
