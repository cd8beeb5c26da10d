// The bar across the top of the window: the app's mark and the current project (choosing it
// here changes it on every screen).
import { SquarePlay } from 'lucide-react';
import { ProjectSwitcher } from './ProjectSwitcher.tsx';

export function TopBar() {
  return (
    <header className="app-topbar">
      <span className="app-topbar-brand">
        <SquarePlay aria-hidden="true" />
        Clipdesk
      </span>
      <ProjectSwitcher />
    </header>
  );
}
