// Contacts: add one, import many from a CSV file, and the list to pick recipients from. An
// import under way (mapping, running, results) takes the whole width: its tables need it.
import { useContactImport } from '../../stores/messagingImportStore.ts';
import { ContactForm } from './ContactForm.tsx';
import { ContactImport } from './ContactImport.tsx';
import { ContactList } from './ContactList.tsx';

export function ContactsTab() {
  const importing = useContactImport((s) => s.step !== 'choose');
  return (
    <div className="msg-stack">
      {importing && <ContactImport />}
      <div className="msg-columns">
        <ContactForm />
        {!importing && <ContactImport />}
      </div>
      <ContactList />
    </div>
  );
}
