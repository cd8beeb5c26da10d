// The words the Messaging screen leads with: the question before a send (who it goes to, by
// name where known) and each answer's headline ("Added", "Already in contacts", "Sent").
import { describe, expect, it } from 'vitest';
import { MESSAGING_RESULT_TABLES, type MessagingOperation } from '../../shared/messagingCodes.ts';
import { sendQuestion } from '../../renderer/model/messaging/sendQuestion.ts';
import { describeResultCode } from '../../renderer/screens/messaging/answerText.ts';

describe('the question before a send', () => {
  const names = new Map([
    ['+12125550171', 'Ana Lima'],
    ['+12125550173', 'Boris Pasternak'],
  ]);

  it('names each recipient, by contact name where the app knows it', () => {
    expect(sendQuestion({ numbers: ['+12125550171', '+12015550100', '+12125550173'], names, scheduled: false })).toBe(
      'Send to 3 people: Ana Lima, +12015550100 and Boris Pasternak?',
    );
    expect(sendQuestion({ numbers: ['+12125550171'], names, scheduled: true })).toBe(
      'Schedule for 1 person: Ana Lima?',
    );
  });

  it('names five and counts the rest', () => {
    const numbers = Array.from({ length: 8 }, (_, i) => `+1212555018${i}`);
    expect(sendQuestion({ numbers, names, scheduled: false })).toBe(
      'Send to 8 people: +12125550180, +12125550181, +12125550182, +12125550183, +12125550184 and 3 more?',
    );
  });

  it('says which group, and its size when known', () => {
    expect(sendQuestion({ numbers: [], names, groupId: 'vip', groupSize: 12, scheduled: false })).toBe(
      'Send to everyone in group “vip” (12 contacts)?',
    );
  });
});

describe('answers in words', () => {
  it('leads with what happened, never with the bare code', () => {
    expect(describeResultCode('contacts', '00').headline).toBe('Added');
    expect(describeResultCode('contacts', '97').headline).toBe('Already in contacts');
    expect(describeResultCode('send', '00').headline).toBe('Sent');
    expect(describeResultCode('send', '14').headline).toBe('Not sent');
    expect(describeResultCode('calendar', '200').headline).toBe('No free slot');
    expect(describeResultCode('calendar', '02').headline).toBe('Key not accepted');
    for (const operation of Object.keys(MESSAGING_RESULT_TABLES) as MessagingOperation[])
      for (const row of MESSAGING_RESULT_TABLES[operation]) {
        const line = describeResultCode(operation, row.code);
        expect(line.headline).not.toMatch(/\d/);
        expect(line.title).toBe(`${row.status} ${row.code}`);
      }
  });
});
