// The clip actions that have no button of their own — Link (a picture and its sound act
// together) and Unlink — offered twice: as the toolbar's Clip menu (the keyboard's way) and as
// the menu a right-click on a clip opens. Each item shows its current key.
import { Film, Link2, Link2Off } from 'lucide-react';
import { ContextMenu } from '../../components/ContextMenu.tsx';
import { Menu, type MenuEntry } from '../../components/Menu.tsx';
import { useKeysOf } from '../../keymap/keymap.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { linkSelection, unlinkSelection } from './linkActions.ts';
import { TIMELINE_SHORTCUTS } from './shortcuts.ts';

function useClipItems(): MenuEntry[] {
  const keys = useKeysOf(TIMELINE_SHORTCUTS);
  const timeline = useTimeline((s) => s.timeline);
  const selection = useTimelineView((s) => s.selection);
  const linked = !!timeline?.tracks.some((t) => t.clips.some((c) => c.linkId !== undefined && selection.has(c.id)));
  return [
    // Enabled with one clip too: choosing it then says what else to select.
    {
      id: 'link',
      label: 'Link clips',
      icon: Link2,
      shortcut: keys('linkClips'),
      disabled: selection.size === 0,
      onSelect: linkSelection,
    },
    {
      id: 'unlink',
      label: 'Unlink clips',
      icon: Link2Off,
      shortcut: keys('unlinkClips'),
      disabled: !linked,
      onSelect: unlinkSelection,
    },
  ];
}

export function ClipMenu() {
  return <Menu label="Clip" text="Clip" icon={Film} size="sm" variant="ghost" items={useClipItems()} />;
}

/** The menu of a right-click on a clip (the clip is selected first, as in every editor). */
export function ClipContextMenu({ at, onClose }: { at: { x: number; y: number }; onClose: () => void }) {
  return <ContextMenu label="Clip actions" at={at} items={useClipItems()} onClose={onClose} />;
}
