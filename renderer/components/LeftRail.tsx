// The left rail: the current project, then one button per screen, named as the screen;
// arrow keys move between the screens.
import type { KeyboardEvent } from 'react';
import { SCREENS, useNavigation } from '../stores/navigationStore.ts';
import { JOBS_BADGE_ID, JobsBadge, JobsBadgeText } from './JobsBadge.tsx';
import { ProjectSwitcher } from './ProjectSwitcher.tsx';

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
    <div className="rail">
      <ProjectSwitcher />
      <nav aria-label="Main">
        <ul onKeyDown={onKeyDown}>
          {SCREENS.map((name) => (
            <li key={name}>
              <button
                type="button"
                className="rail-item"
                aria-current={screen === name ? 'page' : undefined}
                aria-describedby={name === 'Jobs' ? JOBS_BADGE_ID : undefined}
                onClick={() => go(name)}
              >
                {name}
                {name === 'Jobs' && <JobsBadge />}
              </button>
              {name === 'Jobs' && <JobsBadgeText />}
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
