// The contact book of the active workspace: contacts added through the Messaging API and
// kept in the journal (searchable offline), their groups, and the screen's settings view.
import type { ContactInput } from '../../../shared/api/messagingTypes.ts';
import type { ContactDraft, ContactView, MessagingSettingsView } from '../../../shared/ipc/messagingViews.ts';
import type { BookContact } from '../journal/messagingContacts.ts';
import type { ActiveMessaging } from './activeMessaging.ts';
import { contactInputOf } from './contactImportRunner.ts';

export function contactView(contact: BookContact): ContactView {
  const d = contact.details as Record<string, unknown>;
  const str = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    number: contact.number,
    name: contact.name,
    email: contact.email,
    groupId: contact.groupId,
    city: str(d.city),
    state: str(d.state),
    zip: str(d.zip),
    country: str(d.country),
    note: str(d.note),
    custom: d.custom && typeof d.custom === 'object' ? (d.custom as Record<string, string>) : {},
    contactId: contact.contactId,
    source: contact.source,
    addedAt: contact.addedAt,
  };
}

export class ContactBook {
  readonly #messaging: ActiveMessaging;

  constructor(messaging: ActiveMessaging) {
    this.#messaging = messaging;
  }

  async settings(): Promise<MessagingSettingsView> {
    const workspaceId = this.#messaging.activeId();
    const { runtime, keychain } = this.#messaging.deps;
    const workspace = runtime.workspace(workspaceId);
    const view = await runtime.view(workspaceId);
    const secrets = await keychain.describe(workspaceId);
    return {
      workspaceId,
      workspaceName: workspace.name,
      defaultCountry: workspace.defaultCountry,
      senderId: workspace.senderId,
      messagingBaseUrl: view.messagingBaseUrl,
      keyPresent: secrets.messagingApiKey.present,
    };
  }

  async addContact(draft: ContactDraft) {
    const workspaceId = this.#messaging.activeId();
    const client = await this.#messaging.client(workspaceId);
    const input: ContactInput = contactInputOf(draft);
    const created = await client.createContact(input);
    const { status, code, meaning, message, requestId } = created;
    const contact = this.#messaging.deps.journal.contacts.add({
      workspaceId,
      number: created.contact?.contact ?? input.number,
      name: created.contact?.name ?? input.name.trim().split(/\s+/).join(' '),
      email: input.email?.trim() || null,
      groupId: input.groupId?.trim() || null,
      details: {
        city: input.city,
        state: input.state,
        zip: input.zip,
        country: input.country,
        note: input.note,
        custom: input.custom,
      },
      contactId: created.id ?? created.contact?.id ?? null,
      source: 'form',
    });
    return { contact: contactView(contact), result: { status, code, meaning, message, requestId } };
  }

  contacts(search: { query?: string; groupId?: string; limit?: number; offset?: number }) {
    const page = this.#messaging.deps.journal.contacts.search(this.#messaging.activeId(), {
      query: search.query,
      groupId: search.groupId,
      limit: search.limit ?? 100,
      offset: search.offset ?? 0,
    });
    return { items: page.items.map(contactView), total: page.total };
  }

  groups() {
    return this.#messaging.deps.journal.contacts.groups(this.#messaging.activeId());
  }
}
