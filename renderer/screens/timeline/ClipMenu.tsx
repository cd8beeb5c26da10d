// The toolbar's Clip menu: actions on the selected clips that have no button of their own —
// Link (a picture and its sound act together) and Unlink. Each shows its current key.
import { Film, Link2, Link2Off } from 'lucide-react';
import { Menu } from '../../components/Menu.tsx';
import { useKeysOf } from '../../keymap/keymap.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { linkSelection, unlinkSelection } from './linkActions.ts';
import { TIMELINE_SHORTCUTS } from './shortcuts.ts';

export function ClipMenu() {
  const keys = useKeysOf(TIMELINE_SHORTCUTS);
  const timeline = useTimeline((s) => s.timeline);
  const selection = useTimelineView((s) => s.selection);
  const count = selection.size;
  const linked = !!timeline?.tracks.some((t) => t.clips.some((c) => c.linkId !== undefined && selection.has(c.id)));
  return (
    <Menu
      label="Clip"
      text="Clip"
      icon={Film}
      size="sm"
      variant="ghost"
      items={[
        // Enabled with one clip too: choosing it then says what else to select.
        {
          id: 'link',
          label: 'Link clips',
          icon: Link2,
          shortcut: keys('linkClips'),
          disabled: count === 0,
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
      ]}
    />
  );
}
