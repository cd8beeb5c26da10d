// Settings › Appearance: the colour theme (dark by default, light, or the system's),
// applied at once and saved with the app's settings (it is set before the first paint on
// the next start).
import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import type { ThemeChoice } from '../../../shared/ipc/preferencesView.ts';
import { usePreferences } from '../../stores/preferencesStore.ts';

const CHOICES: readonly { value: ThemeChoice; label: string; icon: LucideIcon }[] = [
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'system', label: 'Follow the system', icon: Monitor },
];

export function AppearanceSettings() {
  const theme = usePreferences((s) => s.theme);
  const setTheme = usePreferences((s) => s.setTheme);
  return (
    <section aria-labelledby="appearance-title" className="settings-section">
      <h2 id="appearance-title">Appearance</h2>
      <fieldset className="settings-theme">
        <legend>Theme</legend>
        {CHOICES.map(({ value, label, icon: Icon }) => (
          <label key={value} className="settings-theme-choice">
            <input
              type="radio"
              name="theme"
              value={value}
              checked={theme === value}
              onChange={() => void setTheme(value)}
            />
            <Icon className="settings-theme-icon" aria-hidden="true" />
            {label}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
