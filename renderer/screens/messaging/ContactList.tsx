// The contacts this app has added, newest first, searched as you type (name, number, email,
// group); tick them to make them the recipients of a message.
import { Button } from '../../components/Button.tsx';
import { useEffect, useId, useState } from 'react';
import { useMessaging } from '../../stores/messagingStore.ts';

export function ContactList() {
  const contacts = useMessaging((s) => s.contacts);
  const total = useMessaging((s) => s.contactsTotal);
  const query = useMessaging((s) => s.query);
  const search = useMessaging((s) => s.search);
  const loadMore = useMessaging((s) => s.loadMoreContacts);
  const selected = useMessaging((s) => s.selected);
  const toggle = useMessaging((s) => s.toggleSelected);
  const selectMany = useMessaging((s) => s.selectMany);
  const clear = useMessaging((s) => s.clearSelection);
  const setTab = useMessaging((s) => s.setTab);
  const [text, setText] = useState(query);
  const id = useId();

  useEffect(() => {
    if (text === query) return;
    // Typing settles for a moment before the journal is asked.
    const timer = setTimeout(() => void search(text), 200);
    return () => clearTimeout(timer);
  }, [text, query, search]);

  const selectedCount = Object.keys(selected).length;
  const allShown = contacts.length > 0 && contacts.every((c) => selected[c.number]);

  return (
    <section className="msg-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Contacts added from this app</h2>
      <div className="msg-toolbar">
        <label htmlFor={`${id}-search`} className="visually-hidden">
          Search contacts
        </label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder="Search by name, number, email or group"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <span className="msg-muted" role="status" aria-label="Contacts found">
          {total.toLocaleString('en-US')} {total === 1 ? 'contact' : 'contacts'}
        </span>
        <span className="msg-spacer" />
        <span aria-live="polite">{selectedCount} selected</span>
        <Button size="sm" onClick={clear} disabled={selectedCount === 0}>
          Clear selection
        </Button>
        <Button onClick={() => setTab('Messages')} disabled={selectedCount === 0}>
          Message the selected ({selectedCount})
        </Button>
      </div>
      <table aria-label="Contacts">
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label="Select every contact shown"
                checked={allShown}
                onChange={(e) => selectMany(contacts, e.target.checked)}
              />
            </th>
            <th scope="col">Name</th>
            <th scope="col">Number</th>
            <th scope="col">Email</th>
            <th scope="col">Group</th>
            <th scope="col">City</th>
          </tr>
        </thead>
        <tbody>
          {contacts.map((contact) => (
            <tr key={contact.number} aria-selected={Boolean(selected[contact.number])}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Select ${contact.name}`}
                  checked={Boolean(selected[contact.number])}
                  onChange={() => toggle(contact)}
                />
              </td>
              <td>{contact.name}</td>
              <td>{contact.number}</td>
              <td>{contact.email ?? ''}</td>
              <td>{contact.groupId ?? ''}</td>
              <td>{contact.city ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {contacts.length === 0 && (
        <p>{query ? 'No contact matches.' : 'No contacts yet: add one above, or import a CSV file.'}</p>
      )}
      {contacts.length < total && <Button onClick={() => void loadMore()}>Show more contacts</Button>}
    </section>
  );
}
