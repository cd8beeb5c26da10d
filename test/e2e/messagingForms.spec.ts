// The Messaging forms as a new user meets them (issue 21): the example sender number the
// app shows is one it accepts as a recipient too; a send names its recipients and asks once;
// answers lead with words and keep the code on the quiet line; a sent form starts blank; the
// CSV picker is the app's button with a drop zone, and an import with no row ready cannot start.
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { messagingPage, snapshot } from './pages/messagingPage.ts';
import type { Page } from '@playwright/test';

async function openMessaging(page: Page) {
  await firstLaunchPage(page).useLocalWorkspace();
  const messaging = messagingPage(page);
  await messaging.open();
  return messaging;
}

/** Drops a file on an element as the desktop would: a drop event carrying a DataTransfer. */
async function dropFile(page: Page, target: ReturnType<Page['getByRole']>, name: string, text: string) {
  const transfer = await page.evaluateHandle(
    ([fileName, content]) => {
      const data = new DataTransfer();
      data.items.add(
        new File([content], fileName, { type: fileName.endsWith('.csv') ? 'text/csv' : 'application/octet-stream' }),
      );
      return data;
    },
    [name, text] as const,
  );
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer: transfer });
}

test('the example sender number is accepted; a send names its recipients, asks once, answers in words and clears', async ({
  page,
}, testInfo) => {
  const messaging = await openMessaging(page);
  await page.getByRole('button', { name: 'Edit messaging settings' }).click();
  const settings = page.getByRole('form', { name: 'Messaging settings' });
  const example = await settings.getByLabel('Sender ID').getAttribute('placeholder');
  expect(example).toMatch(/^\+1\d{10}$/);
  await settings.getByLabel('Sender ID').fill(example!);
  await settings.getByLabel('Default country').selectOption('US');
  await settings.getByRole('button', { name: 'Save messaging settings' }).click();
  await expect(page.getByText(example!, { exact: true })).toBeVisible();

  // Answers lead with what happened; the service's code is on the quiet line.
  await messaging.addContact({ number: '(212) 555-0171', first: 'Ana', last: 'Lima' });
  const added = messaging.notice(messaging.contactForm, 'Success 00');
  await expect(added.locator('.msg-result-title')).toHaveText('Added');
  await expect(added.locator('.ui-error-meta')).toContainText('Code 00');
  await messaging.addContact({ number: '+1 212 555 0171', first: 'Ana', last: 'Again' });
  const again = messaging.notice(messaging.contactForm, 'Error 97');
  await expect(again.locator('.msg-result-title')).toHaveText('Already in contacts');
  await expect(again.locator('.ui-error-meta')).toContainText('Code 97');

  await messaging.contacts.getByRole('checkbox', { name: 'Select Ana Lima' }).check();
  await messaging.go('Messages');
  const form = page.getByRole('form', { name: 'New message' });
  const numbers = form.getByLabel('Numbers (one per line, or separated by commas)');
  // The number the app gives as its example is a number it sends to.
  await numbers.fill(`${example}, (212) 555-0172`);
  await expect(form.getByText('2 typed')).toBeVisible();
  await expect(form.getByText(/^Not valid/)).toHaveCount(0);
  await form.getByLabel('Message', { exact: true }).fill('The studio opens on Monday.');

  // Asked once, naming who: "Not yet" sends nothing.
  await form.getByRole('button', { name: 'Send message now' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Send this message?' });
  await expect(dialog).toContainText(`Send to 3 people: ${example}, +12125550172 and Ana Lima?`);
  await snapshot(page, testInfo.outputPath('messaging-send-question.png'));
  await dialog.getByRole('button', { name: 'Not yet' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(messaging.notice(form, 'Success 00')).toHaveCount(0);

  await form.getByRole('button', { name: 'Send message now' }).click();
  await messaging.confirmSend('Send');
  const sent = messaging.notice(form, 'Success 00');
  await expect(sent.locator('.msg-result-title')).toHaveText('Sent');
  await expect(sent).toContainText('3 recipients');
  await expect(sent.locator('.ui-error-meta')).toContainText('Code 00');

  // The form starts blank for the next message.
  await expect(numbers).toHaveValue('');
  await expect(form.getByLabel('Message', { exact: true })).toHaveValue('');
  await expect(form.getByRole('group', { name: 'Selected contacts' })).toContainText('Selected contacts (0)');
  await snapshot(page, testInfo.outputPath('messaging-sent-in-words.png'));
});

test('the CSV picker is the app button with a drop zone; an import with no row ready cannot start', async ({
  page,
}, testInfo) => {
  const messaging = await openMessaging(page);
  await messaging.setSettings('+1 201 555 0100', 'US');
  const drop = page.getByRole('group', { name: 'Drop a CSV of contacts' });
  await expect(drop.getByRole('button', { name: 'Choose a CSV of contacts…' })).toBeVisible();
  // No bare browser file input on screen.
  await expect(page.locator('input[type=file]:visible')).toHaveCount(0);
  await snapshot(page, testInfo.outputPath('messaging-csv-picker.png'));

  // Something that is not a CSV is refused with what to do.
  await dropFile(page, drop, 'contacts.xlsx', 'PK');
  await expect(drop.getByRole('alert')).toContainText('contacts.xlsx is not a CSV file');

  // A dropped CSV whose only rows all have problems: nothing to import.
  await dropFile(page, drop, 'bad.csv', 'name,phone\nAna Lima,12\nBoris,(212) 555-0173\n');
  const preview = page.getByRole('status', { name: 'Import preview' });
  await expect(preview).toContainText('2 rows: 0 ready to add, 2 with problems');
  await expect(page.getByRole('button', { name: 'Import 2 contacts' })).toBeDisabled();

  await page.getByRole('button', { name: 'Choose another file' }).click();
  await page.getByLabel('CSV file of contacts').setInputFiles({
    name: 'good.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name,phone\nAna Lima,(212) 555-0174\n'),
  });
  await expect(preview).toContainText('1 rows: 1 ready to add, 0 with problems');
  await expect(page.getByRole('button', { name: 'Import 1 contacts' })).toBeEnabled();
});
