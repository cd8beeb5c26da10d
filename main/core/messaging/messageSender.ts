// Single sends of the active workspace: a text or an MMS (its file staged in parts first,
// mmsStaging.ts), calendar events, and the list of messages sent.
import type { MessagingClient } from './messagingClient.ts';
import type { ActiveMessaging } from './activeMessaging.ts';
import { createMmsStaging, type MmsStaging } from './mmsStaging.ts';

export class MessageSender {
  readonly #messaging: ActiveMessaging;
  readonly #mms: MmsStaging = createMmsStaging();

  constructor(messaging: ActiveMessaging) {
    this.#messaging = messaging;
  }

  async createEvent(input: Parameters<MessagingClient['createCalendarEvent']>[0]) {
    const client = await this.#messaging.client(this.#messaging.activeId());
    return client.createCalendarEvent(input);
  }

  mmsBegin(filename: string, sizeBytes: number) {
    return this.#mms.begin(filename, sizeBytes);
  }

  mmsChunk(mmsId: string, offset: number, data: string) {
    return this.#mms.chunk(mmsId, offset, data);
  }

  mmsDiscard(mmsId: string) {
    return { discarded: this.#mms.discard(mmsId) };
  }

  async send(arg: {
    contacts?: string[];
    groupId?: string;
    text: string;
    type: 'text' | 'mms';
    mmsId?: string;
    title?: string;
    schedule?: { time: string; timeZone: string };
  }) {
    const workspaceId = this.#messaging.activeId();
    const senderId = this.#messaging.senderId(workspaceId);
    const client = await this.#messaging.client(workspaceId);
    const mmsPath = arg.type === 'mms' && arg.mmsId ? this.#mms.pathOf(arg.mmsId) : undefined;
    const sent = await client.sendMessage({
      senderId,
      contacts: arg.contacts,
      groupId: arg.groupId,
      text: arg.text,
      type: arg.type,
      mmsPath,
      title: arg.title,
      schedule: arg.schedule,
    });
    if (arg.mmsId) this.#mms.discard(arg.mmsId);
    return sent;
  }

  async messages(query: { limit?: number; after?: string; submission?: number }) {
    const client = await this.#messaging.client(this.#messaging.activeId());
    return client.listMessages(query);
  }

  close(): void {
    this.#mms.close();
  }
}
