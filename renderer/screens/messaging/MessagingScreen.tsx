// Messaging: contacts (one by one or a CSV import), calendar events, text and MMS messages,
// bulk sends and the sent list, all on the active workspace's Messaging API. Tabs across the
// top (the Tabs primitive); the sender ID and default country the forms use sit above them.
import { useEffect } from 'react';
import { Tabs } from '../../components/Tabs.tsx';
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

const TAB_ITEMS = MESSAGING_TABS.map((name) => ({ id: name, label: name }));

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

  return (
    <section className="screen msg-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Messaging</h1>
      <MessagingSettingsBar />
      <Tabs
        label="Messaging"
        idBase="messaging"
        items={TAB_ITEMS}
        selected={tab}
        onSelect={(next) => useMessaging.getState().setTab(next)}
        className="messaging-tabs"
        panelClassName="messaging-panel"
      >
        <CurrentTab tab={tab} />
      </Tabs>
    </section>
  );
}
