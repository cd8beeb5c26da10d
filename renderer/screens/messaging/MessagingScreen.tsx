// Messaging: contacts (one by one or a CSV import), calendar events, text and MMS messages,
// bulk sends and the sent list, all on the active workspace's Messaging API. Tabs across the
// top (arrow keys move between them); the sender ID and default country the forms use sit
// above them.
import { useEffect, type KeyboardEvent } from 'react';
import { on } from '../../client/clipdesk.ts';
import { useBulk } from '../../stores/messagingBulkStore.ts';
import { useContactImport } from '../../stores/messagingImportStore.ts';
import { MESSAGING_TABS, useMessaging, type MessagingTab } from '../../stores/messagingStore.ts';
import { useSent } from '../../stores/messagingSentStore.ts';
import { useWorkspace } from '../../stores/workspaceStore.ts';
import { BulkTab } from './BulkTab.tsx';
import { CalendarTab } from './CalendarTab.tsx';
import { ComposeTab } from './ComposeTab.tsx';
import { ContactsTab } from './ContactsTab.tsx';
import { MessagingSettingsBar } from './MessagingSettingsBar.tsx';
import { SentTab } from './SentTab.tsx';
import './messaging.css';

const tabId = (tab: MessagingTab) => `messaging-tab-${tab.toLowerCase()}`;
const panelId = (tab: MessagingTab) => `messaging-panel-${tab.toLowerCase()}`;

function Tabs() {
  const tab = useMessaging((s) => s.tab);
  const setTab = useMessaging((s) => s.setTab);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = MESSAGING_TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % MESSAGING_TABS.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + MESSAGING_TABS.length) % MESSAGING_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? MESSAGING_TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const chosen = MESSAGING_TABS[next]!;
    setTab(chosen);
    document.getElementById(tabId(chosen))?.focus();
  }

  return (
    <div className="tabs" role="tablist" aria-label="Messaging" onKeyDown={onKeyDown}>
      {MESSAGING_TABS.map((name) => (
        <button
          key={name}
          id={tabId(name)}
          type="button"
          role="tab"
          aria-selected={tab === name}
          aria-controls={panelId(name)}
          tabIndex={tab === name ? 0 : -1}
          onClick={() => setTab(name)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}

function CurrentTab({ tab }: { tab: MessagingTab }) {
  switch (tab) {
    case 'Contacts':
      return <ContactsTab />;
    case 'Calendar':
      return <CalendarTab />;
    case 'Messages':
      return <ComposeTab />;
    case 'Bulk':
      return <BulkTab />;
    case 'Sent':
      return <SentTab />;
  }
}

export function MessagingScreen() {
  const tab = useMessaging((s) => s.tab);
  const workspaceId = useWorkspace((s) => s.workspace?.id);

  useEffect(() => {
    // Another workspace is another account: everything is read afresh (coming back to the
    // screen in the same workspace keeps the selection and a running import).
    const known = useMessaging.getState().settings?.workspaceId;
    if (known && known !== workspaceId) {
      useMessaging.getState().reset();
      useContactImport.getState().reset();
      useBulk.getState().reset();
      useSent.getState().reset();
    }
    void useMessaging.getState().loadSettings();
    void useMessaging.getState().search('');
    void useMessaging.getState().refreshGroups();
    void useContactImport.getState().loadPast();
    void useBulk.getState().load();
  }, [workspaceId]);

  useEffect(() => {
    const offs = [
      on('import.progress', (summary) => useContactImport.getState().progress(summary)),
      on('bulk.progress', (event) => useBulk.getState().progress(event)),
    ];
    return () => offs.forEach((off) => off());
  }, []);

  return (
    <section className="screen messaging" aria-labelledby="screen-title">
      <h1 id="screen-title">Messaging</h1>
      <MessagingSettingsBar />
      <Tabs />
      <div className="tab-panel" role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        <CurrentTab tab={tab} />
      </div>
    </section>
  );
}
