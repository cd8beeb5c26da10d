// Where the user was, kept across a reload or a restart: the screen shown (here) and each
// project's timeline zoom (zoomMemory.ts, loaded with the Timeline screen so the first screen
// does not bring the timeline's model with it). The open project is currentProjectStore's own.
// Each is saved in the preferences as it changes and put back once both the preferences and
// what it belongs to are there. The undo history is kept in the journal (undoMemory.ts). Imported
// once, by App.
import { useNavigation } from './navigationStore.ts';
import { usePreferences } from './preferencesStore.ts';

/** The screen the app opened on: the saved one replaces it only while the user has not moved. */
const openedOn = useNavigation.getState().screen;
let userMoved = false;

useNavigation.subscribe((s, prev) => {
  if (s.screen === prev.screen) return;
  userMoved = true;
  usePreferences.getState().saveScreen(s.screen);
});

usePreferences.subscribe((s, prev) => {
  if (!s.loaded || prev.loaded) return;
  const { screen } = s;
  if (screen && !userMoved && useNavigation.getState().screen === openedOn) {
    useNavigation.getState().go(screen);
    userMoved = false;
  }
});
