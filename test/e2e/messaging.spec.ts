// The Messaging panel end to end on the local workspace (the bundled sandbox): contacts and
// the 97 of a number added twice, a calendar event and Busy handled, a 700-character Unicode
// message to selected contacts with the right segment count, a scheduled MMS, and the
// meaning of representative result codes on screen.
import { readFileSync } from 'node:fs';
import { makeFixtureDir, makePng } from '../support/mediaFixtures.ts';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { messagingPage, snapshot } from './pages/messagingPage.ts';

// The user's own zone comes first in every time-zone list.
test.use({ timezoneId: 'Europe/Paris' });

async function openMessaging(page: import('@playwright/test').Page) {
  await firstLaunchPage(page).useLocalWorkspace();
  const messaging = messagingPage(page);
  await messaging.open();
  await messaging.setSettings('+1 201 555 0100', 'US');
  // Saved as E.164, and shown above every form.
  await expect(page.getByText('+12015550100', { exact: true })).toBeVisible();
  return messaging;
}

test('add a contact, then the same number again answers 97 with its meaning; the list finds it', async ({
  page,
}, testInfo) => {
  const messaging = await openMessaging(page);
  const form = messaging.contactForm;
  await form.getByLabel('Contact number').fill('(212) 555-0142');
  await expect(form.getByText('Sent as +12125550142')).toBeVisible();
  await messaging.addContact({
    number: '(212) 555-0142',
    first: 'Ada',
    last: 'Lovelace',
    email: 'ada@example.com',
    group: 'vip',
  });
  await expect(messaging.notice(form, 'Success 00')).toContainText('New contact added');
  await expect(messaging.contacts.getByRole('row', { name: /Ada Lovelace/ })).toContainText('+12125550142');

  await messaging.addContact({ number: '+1 212 555 0142', first: 'Ada', last: 'Byron' });
  const duplicate = messaging.notice(form, 'Error 97');
  await expect(duplicate).toContainText('The number already exists in this account');
  await expect(duplicate.getByRole('button', { name: /Copy request ID/ })).toBeVisible();

  // A client check before sending: a number that is not valid for US never leaves.
  await messaging.addContact({ number: '12', first: 'Short', last: 'Number' });
  await expect(messaging.notice(form, 'Not sent')).toContainText('phone number is not valid');

  await page.getByRole('searchbox').fill('lovelace');
  await expect(page.getByRole('status', { name: 'Contacts found' })).toHaveText('1 contact');
  await snapshot(page, testInfo.outputPath('messaging-contacts.png'));
});

test('create a calendar event, see Busy for the same slot, and take another time', async ({ page }, testInfo) => {
  const messaging = await openMessaging(page);
  await messaging.go('Calendar');
  const form = page.getByRole('form', { name: 'New calendar event' });

  // The user's zone (Europe/Paris) is first in the searchable list.
  const zone = form.getByRole('combobox', { name: 'Start time zone' });
  await expect(zone).toHaveValue('Europe/Paris');
  await zone.fill('new york');
  await expect(form.getByRole('option').first()).toHaveText(/America\/New York/);
  await zone.fill('');
  await expect(form.getByRole('option').first()).toContainText('your time zone');
  await zone.press('Enter');
  await expect(zone).toHaveValue('Europe/Paris');

  // A Wednesday next year, 10:00–10:30 Paris time.
  const day = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 2, 1));
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() + 1);
  const date = day.toISOString().slice(0, 10);
  await form.getByLabel('Start date', { exact: true }).fill(date);
  await form.getByLabel('Start time', { exact: true }).fill('10:00');
  await form.getByLabel('End date', { exact: true }).fill(date);
  await form.getByLabel('End time', { exact: true }).fill('10:30');
  await form.getByLabel('Summary').fill('Kick-off call');
  await form.getByLabel('Activity').selectOption('follow up call');
  await form.getByLabel('Priority').selectOption('high');
  await form.getByLabel('Reminder').selectOption('both');
  await form.getByLabel('Minutes before').fill('30');
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(messaging.notice(form, 'Success 00')).toContainText('Operation completed');

  await form.getByRole('button', { name: 'Create event' }).click();
  const busy = messaging.notice(form, 'Busy 200');
  await expect(busy).toContainText('No free slots');
  await expect(busy).toContainText('Pick another time');
  await snapshot(page, testInfo.outputPath('messaging-calendar-busy.png'));
  await busy.getByRole('button', { name: 'Pick another time' }).click();
  await expect(form.getByLabel('Start date', { exact: true })).toBeFocused();
  await busy.getByRole('button', { name: /^Use / }).click();
  await expect(form.getByLabel('Start time', { exact: true })).toHaveValue('11:00');
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(messaging.notice(form, 'Success 00')).toBeVisible();

  // Outside business hours (a Saturday) is Busy too, with the hours that apply.
  const saturday = new Date(day);
  saturday.setUTCDate(saturday.getUTCDate() + 3);
  const sat = saturday.toISOString().slice(0, 10);
  await form.getByLabel('Start date', { exact: true }).fill(sat);
  await form.getByLabel('End date', { exact: true }).fill(sat);
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(messaging.notice(form, 'Busy 200')).toContainText('Business hours: Monday-Friday, 09:00 to 18:00');
});

test('a 700-character Unicode message to selected contacts counts 11 UCS-2 segments and is sent', async ({
  page,
}, testInfo) => {
  const messaging = await openMessaging(page);
  await messaging.addContact({ number: '(212) 555-0170', first: 'Boris', last: 'Pasternak' });
  await expect(messaging.notice(messaging.contactForm, 'Success 00')).toBeVisible();
  await messaging.addContact({ number: '(212) 555-0171', first: 'Anna', last: 'Akhmatova' });
  await expect(messaging.contacts.getByRole('row', { name: /Anna Akhmatova/ })).toBeVisible();
  await messaging.contacts.getByRole('checkbox', { name: 'Select Boris Pasternak' }).check();
  await messaging.contacts.getByRole('checkbox', { name: 'Select Anna Akhmatova' }).check();
  await page.getByRole('button', { name: 'Message the selected (2)' }).click();
  await expect(messaging.tab('Messages')).toHaveAttribute('aria-selected', 'true');

  const form = page.getByRole('form', { name: 'New message' });
  await expect(form.getByRole('group', { name: 'Selected contacts' })).toContainText('Boris Pasternak');
  const text = 'Привет '.repeat(100);
  await form.getByLabel('Message', { exact: true }).fill(text);
  const counter = form.getByRole('status', { name: 'Message length' });
  await expect(counter).toContainText('700 / 740 characters');
  await expect(counter).toContainText('11 SMS segments (UCS-2, 67 per segment');
  await expect(form.getByRole('region', { name: 'Characters that force UCS-2' })).toContainText(
    '“П” (U+041F) at character 1',
  );

  // A curly quote in an otherwise GSM-7 text is named, marked and replaceable.
  await form.getByLabel('Message', { exact: true }).fill('See you at “noon” — bring 5 €');
  await expect(counter).toContainText('1 SMS segment (UCS-2');
  await expect(form.getByRole('region', { name: 'Characters that force UCS-2' }).locator('mark').first()).toHaveText(
    '“',
  );
  await form.getByRole('button', { name: 'Replace ““” with “"”' }).click();
  await form.getByRole('button', { name: 'Replace “”” with “"”' }).click();
  await form.getByRole('button', { name: 'Replace “—” with “-”' }).click();
  await expect(form.getByLabel('Message', { exact: true })).toHaveValue('See you at "noon" - bring 5 €');
  await expect(counter).toContainText('1 SMS segment (GSM-7');
  await expect(counter).toContainText('€ count twice');

  await form.getByLabel('Message', { exact: true }).fill(text);
  await snapshot(page, testInfo.outputPath('messaging-compose-unicode.png'));
  await form.getByRole('button', { name: 'Send message now' }).click();
  await messaging.confirmSend('Send');
  const sent = messaging.notice(form, 'Success 00');
  await expect(sent).toContainText('Messages accepted');
  await expect(sent).toContainText('2 recipients');

  await sent.getByRole('button', { name: 'See its status' }).click();
  const rows = page.getByRole('table', { name: 'Sent messages' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(/queued|sent|delivered/);

  // A group overrides the numbers, and the form says so; an unknown group is 14 with its meaning.
  await messaging.go('Messages');
  await form.getByLabel('Group (overrides the numbers)').fill('nobody-here');
  await expect(form.getByRole('note')).toContainText('A group overrides the numbers');
  await form.getByLabel('Message', { exact: true }).fill('Hello group');
  await form.getByRole('button', { name: 'Send message now' }).click();
  await messaging.confirmSend('Send');
  await expect(messaging.notice(form, 'Error 14')).toContainText('Unknown group: no contact has that group ID');
});

test('schedule an MMS with a preview, shown on the recipient clock with a warning outside 8:00–21:00', async ({
  page,
}, testInfo) => {
  // A real image (the service sniffs the bytes), made with ffmpeg.
  const fixtures = makeFixtureDir();
  const PNG = readFileSync(await makePng(fixtures.dir, { width: 320, height: 180, name: 'studio.png' }));
  fixtures.cleanup();
  const messaging = await openMessaging(page);
  await messaging.go('Messages');
  const form = page.getByRole('form', { name: 'New message' });
  await form.getByLabel('Numbers (one per line, or separated by commas)').fill('+33 6 12 34 56 78');
  await form.getByRole('radio', { name: 'MMS' }).check();
  await form.getByLabel('Message', { exact: true }).fill('The new studio opens: come and see!');
  await form
    .getByLabel('MMS file (image, video or audio, at most 2 MB)')
    .setInputFiles({ name: 'studio.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('status').filter({ hasText: 'Attached: studio.png' })).toBeVisible();
  await expect(form.getByRole('img', { name: 'Preview of studio.png' })).toBeVisible();

  // Too large a file is refused before anything is sent.
  await form
    .getByLabel('MMS file (image, video or audio, at most 2 MB)')
    .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2_000_001, 1) });
  await expect(form.getByRole('alert').filter({ hasText: 'at most 2,000,000' })).toBeVisible();
  await form
    .getByLabel('MMS file (image, video or audio, at most 2 MB)')
    .setInputFiles({ name: 'studio.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('status').filter({ hasText: 'Attached: studio.png' })).toBeVisible();

  await form.getByRole('radio', { name: 'Schedule' }).check();
  const year = new Date().getFullYear() + 1;
  await form.getByLabel('Send on').fill(`${year}-03-02`);
  await form.getByLabel('At', { exact: true }).fill('07:00');
  const zone = form.getByRole('combobox', { name: 'Schedule time zone' });
  await zone.fill('tokyo');
  await form.getByRole('option', { name: /Asia\/Tokyo/ }).click();
  await expect(zone).toHaveValue('Asia/Tokyo');
  const clocks = form.getByRole('status', { name: 'Scheduled time' });
  // 07:00 in Tokyo is 23:00 the day before in Paris, for the user and the recipient alike.
  await expect(clocks).toContainText(new RegExp(`Your time \\(Europe/Paris\\): \\w{3} 1 Mar ${year}, 23:00`));
  await expect(clocks).toContainText(new RegExp(`1 recipient in Europe/Paris: \\w{3} 1 Mar ${year}, 23:00`));
  await expect(
    form.getByRole('alert').filter({ hasText: 'Outside 8:00–21:00 for 1 recipient in Europe/Paris (23:00)' }),
  ).toBeVisible();
  await snapshot(page, testInfo.outputPath('messaging-mms-schedule-warning.png'));

  await zone.fill('paris');
  await zone.press('Enter');
  await form.getByLabel('At', { exact: true }).fill('10:30');
  await expect(form.getByRole('alert').filter({ hasText: 'Outside 8:00' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Schedule MMS' }).click();
  await messaging.confirmSend('Schedule');
  const sent = messaging.notice(form, 'Success 00');
  await expect(sent).toContainText(`scheduled for ${year}-03-02 10:30 Europe/Paris`);
  await snapshot(page, testInfo.outputPath('messaging-mms-scheduled.png'));
  await sent.getByRole('button', { name: 'See its status' }).click();
  const row = page.getByRole('table', { name: 'Sent messages' }).getByRole('row').nth(1);
  await expect(row).toContainText('+33612345678');
  await expect(row).toContainText('scheduled');
  await expect(row).toContainText('MMS');
  await snapshot(page, testInfo.outputPath('messaging-sent.png'));
});
