// What the first screen needs before the contract's socket answers (DESIGN.md "The first
// screen comes first"): browser mode writes it into the page it serves, as a JSON data block
// the renderer reads synchronously, so the first screen is drawn at once and corrected when
// the socket's answers come. Plain data and never a secret: whether a workspace was chosen,
// the screen shown last, and the colour theme. Zod-free: the renderer's first screen reads it.
import { SCREEN_NAMES, type ScreenName } from './placeNames.ts';

/** dark is the default, as in professional editors; system follows the operating system. */
export const THEME_CHOICES = ['dark', 'light', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** The id of the page's `<script type="application/json">` that carries it. */
export const FIRST_SCREEN_ELEMENT_ID = 'clipdesk-first-screen';

export interface FirstScreen {
  /** True until the user has chosen a workspace once (the first-launch screen shows until then). */
  readonly firstLaunch: boolean;
  /** The screen shown last (null: none saved). */
  readonly screen: ScreenName | null;
  readonly theme: ThemeChoice;
}

export const isThemeChoice = (value: unknown): value is ThemeChoice =>
  (THEME_CHOICES as readonly unknown[]).includes(value);

export const isScreenName = (value: unknown): value is ScreenName =>
  (SCREEN_NAMES as readonly unknown[]).includes(value);

/** The first screen's state from what the page carried; null when it carried none that reads. */
export function readFirstScreen(value: unknown): FirstScreen | null {
  if (!value || typeof value !== 'object') return null;
  const { firstLaunch, screen, theme } = value as Record<string, unknown>;
  if (typeof firstLaunch !== 'boolean') return null;
  return {
    firstLaunch,
    screen: isScreenName(screen) ? screen : null,
    theme: isThemeChoice(theme) ? theme : 'dark',
  };
}

/**
 * The data block for the page: JSON with every "<" escaped, so no value can close the script
 * element it sits in.
 */
export function firstScreenScript(state: FirstScreen): string {
  const json = JSON.stringify({ firstLaunch: state.firstLaunch, screen: state.screen, theme: state.theme });
  return `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${json.replaceAll('<', '\\u003c')}</script>`;
}
