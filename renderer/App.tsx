// The shell: the first-launch screen until a workspace is chosen, then the top bar (the
// current project), the left rail, the current screen, the status bar and the toasts.
// The first screens (first launch, Projects) come with the shell; every other screen is a
// chunk of its own, fetched when it is first opened (React.lazy), so the page is quick to start.
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { LeftRail } from './components/LeftRail.tsx';
import { TopBar } from './components/TopBar.tsx';
import { StatusBar } from './components/StatusBar.tsx';
import { Toasts } from './components/Toasts.tsx';
import { startHearing } from './client/mainEvents.ts';
import { installKeymap } from './keymap/keymap.ts';
import { FirstLaunch } from './screens/FirstLaunch.tsx';
import { ProjectsScreen } from './screens/ProjectsScreen.tsx';
import { KeyProblemPrompt } from './components/KeyProblemPrompt.tsx';
import { useConnection } from './stores/connectionStore.ts';
import { useMediaUploads } from './stores/mediaUploadsStore.ts';
import { useNavigation, type ScreenName } from './stores/navigationStore.ts';
import { usePreferences } from './stores/preferencesStore.ts';
import './stores/placeMemory.ts';
import { useWorkspace } from './stores/workspaceStore.ts';

/** A screen's module, loaded the first time the screen is shown. */
function lazyScreen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const JobsScreen = lazyScreen(
  () => import('./screens/jobs/JobsScreen.tsx'),
  (m) => m.JobsScreen,
);
const ExportsScreen = lazyScreen(
  () => import('./screens/exports/ExportsScreen.tsx'),
  (m) => m.ExportsScreen,
);
const SettingsScreen = lazyScreen(
  () => import('./screens/settings/SettingsScreen.tsx'),
  (m) => m.SettingsScreen,
);
const MediaScreen = lazyScreen(
  () => import('./screens/media/MediaScreen.tsx'),
  (m) => m.MediaScreen,
);
const GenerateScreen = lazyScreen(
  () => import('./screens/generate/GenerateScreen.tsx'),
  (m) => m.GenerateScreen,
);
const MessagingScreen = lazyScreen(
  () => import('./screens/messaging/MessagingScreen.tsx'),
  (m) => m.MessagingScreen,
);
const TimelineScreen = lazyScreen(
  () => import('./screens/timeline/TimelineScreen.tsx'),
  (m) => m.TimelineScreen,
);

/** Every screen the rail offers, by its name. */
const SCREENS: Record<ScreenName, ComponentType> = {
  Projects: ProjectsScreen,
  Media: MediaScreen,
  Generate: GenerateScreen,
  Timeline: TimelineScreen,
  Exports: ExportsScreen,
  Jobs: JobsScreen,
  Messaging: MessagingScreen,
  Settings: SettingsScreen,
};

function CurrentScreen() {
  const Screen = SCREENS[useNavigation((s) => s.screen)];
  return <Screen />;
}

export function App() {
  const firstLaunch = useWorkspace((s) => s.firstLaunch);
  const workspaceId = useWorkspace((s) => s.workspace?.id);
  const load = useWorkspace((s) => s.load);
  const refreshStatus = useConnection((s) => s.refresh);
  const loadPreferences = usePreferences((s) => s.load);

  useEffect(() => {
    const stop = startHearing();
    // Uploads a restart interrupted go on (or say why they cannot).
    void useMediaUploads.getState().recover();
    void load();
    void loadPreferences();
    return stop;
  }, [load, loadPreferences]);

  // The one keymap: the shown screen's shortcuts, wherever the focus is (renderer/keymap).
  useEffect(() => installKeymap(), []);

  useEffect(() => {
    if (firstLaunch === false) void refreshStatus();
  }, [firstLaunch, workspaceId, refreshStatus]);

  if (firstLaunch === null) {
    return (
      <>
        <p className="app-loading" role="status">
          Starting Clipdesk…
        </p>
        <Toasts />
      </>
    );
  }
  if (firstLaunch) {
    return (
      <>
        <FirstLaunch />
        <Toasts />
      </>
    );
  }
  return (
    <div className="app-shell">
      <TopBar />
      <LeftRail />
      <main className="app-content">
        <KeyProblemPrompt />
        <Suspense
          fallback={
            <p className="app-loading" role="status">
              Opening…
            </p>
          }
        >
          <CurrentScreen />
        </Suspense>
      </main>
      <StatusBar />
      <Toasts />
    </div>
  );
}
