// The left rail: one button per screen, an icon over the screen's name (the button's
// accessible name is the name alone); arrow keys move between them.
import {
  Clapperboard,
  FileVideo,
  FolderOpen,
  Images,
  ListChecks,
  MessageSquare,
  Settings,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { SCREENS, useNavigation, type ScreenName } from '../stores/navigationStore.ts';
import { JOBS_BADGE_ID, JobsBadge, JobsBadgeText } from './JobsBadge.tsx';

const ICONS: Record<ScreenName, LucideIcon> = {
  Projects: FolderOpen,
  Media: Images,
  Generate: Sparkles,
  Timeline: Clapperboard,
  Exports: FileVideo,
  Jobs: ListChecks,
  Messaging: MessageSquare,
  Settings: Settings,
};

export function LeftRail() {
  const screen = useNavigation((s) => s.screen);
  const go = useNavigation((s) => s.go);

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const buttons = [...event.currentTarget.querySelectorAll('button')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? buttons.length - 1
          : (at + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length;
    buttons[next]?.focus();
    event.preventDefault();
  }

  return (
    <nav className="app-rail" aria-label="Main">
      <ul onKeyDown={onKeyDown}>
        {SCREENS.map((name) => {
          const Icon = ICONS[name];
          return (
            <li key={name}>
              <button
                type="button"
                className="app-rail-item"
                aria-current={screen === name ? 'page' : undefined}
                aria-describedby={name === 'Jobs' ? JOBS_BADGE_ID : undefined}
                onClick={() => go(name)}
              >
                <Icon className="app-rail-icon" aria-hidden="true" />
                {name}
                {name === 'Jobs' && <JobsBadge />}
              </button>
              {name === 'Jobs' && <JobsBadgeText />}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
