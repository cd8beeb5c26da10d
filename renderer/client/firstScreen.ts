// The first screen's state as the page carried it (browser mode writes it into the page:
// shared/ipc/firstScreen.ts), read once, synchronously, before React mounts: the stores start
// from it, so the first screen is drawn before the socket answers, and the answers correct it.
// null where the page carried none (the Electron shell): the stores wait for the answers.
import { FIRST_SCREEN_ELEMENT_ID, readFirstScreen, type FirstScreen } from '../../shared/ipc/firstScreen.ts';

function fromPage(): FirstScreen | null {
  const text = globalThis.document?.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return readFirstScreen(JSON.parse(text));
  } catch {
    return null;
  }
}

export const firstScreen: FirstScreen | null = fromPage();
