// The Messaging panel's large jobs end to end, on a remote account served by the test's own
// sandbox (so the test can read what it stored): a 1,200-row CSV import with 10 bad rows,
// each reported, adding every good row exactly once; a bulk of 1,200 personalised messages in
// three submissions; and an unknown outcome that waits for the user's word.
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';
import { expect, test } from './fixtures.ts';
import { connectRemote, messagingPage, messagingStats, snapshot } from './pages/messagingPage.ts';

let sandbox: RunningSandbox;
test.beforeAll(async () => {
  sandbox = await startSandboxProcess();
});
test.afterAll(async () => {
  await sandbox?.stop({ removeData: true });
});

async function openMessaging(page: import('@playwright/test').Page) {
  await connectRemote(page, sandbox);
  const messaging = messagingPage(page);
  await messaging.open();
  await messaging.setSettings('+1 201 555 0100', 'US');
  return messaging;
}

const BAD_ROWS = new Map<number, string[]>([
  [7, ['', 'Nonumber', 'Person']],
  [100, ['12', 'Short', 'Number']],
  [222, ['(415) 555-0222', 'Onlyfirst', '']],
  [345, ['+1 999 999 9999', 'Bad', 'Area']],
  [501, ['(415) 555-0501', '', '']],
  [640, ['hello', 'Not', 'Digits']],
  [777, ['(415) 555-0777', 'Bad', 'Email', 'not-an-email']],
  [888, ['555', 'Too', 'Short']],
  [999, ['+44 12', 'Short', 'Uk']],
  [1111, ['(415) 555-1111', 'Bad', 'Group', '', 'no spaces allowed']],
]);

function contactsCsv(): string {
  const lines = ['phone,first name,last name,email,group,plan'];
  for (let row = 1; row <= 1200; row++) {
    const bad = BAD_ROWS.get(row);
    const cells = bad ?? [
      `(415) 555-${String(row).padStart(4, '0')}`,
      `Lead${row}`,
      'Importer',
      `lead${row}@example.com`,
      'spring',
      'gold',
    ];
    lines.push(cells.map((c) => (c.includes(',') ? `"${c}"` : c)).join(','));
  }
  return lines.join('\n');
}

test('import a 1,200-row CSV with 10 bad rows: each is reported, every good row is added once', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await openMessaging(page);
  const before = await messagingStats(sandbox);
  await page
    .getByLabel('CSV file of contacts')
    .setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(contactsCsv()) });
  await expect(page.getByRole('combobox', { name: 'Import column phone as' })).toHaveValue('number');
  await expect(page.getByRole('combobox', { name: 'Import column plan as' })).toHaveValue('custom');
  const preview = page.getByRole('status', { name: 'Import preview' });
  await expect(preview).toContainText('1,200 rows: 1,190 ready to add, 10 with problems');
  await expect(page.getByRole('list', { name: 'Rows with problems' }).getByRole('listitem')).toHaveCount(10);
  await snapshot(page, testInfo.outputPath('messaging-import-preview.png'));

  await page.getByRole('button', { name: 'Import 1,200 contacts' }).click();
  // Stop it while it runs (if it has not finished already), then resume: nobody is added twice.
  const stop = page.getByRole('button', { name: 'Stop import' });
  if (await stop.isVisible()) {
    await stop.click().catch(() => undefined);
    const resume = page.getByRole('button', { name: 'Resume import' });
    await expect(resume.or(page.getByText('Import finished.'))).toBeVisible();
    if (await resume.isVisible()) await resume.click();
  }
  await expect(page.getByText('Import finished.')).toBeVisible({ timeout: 120_000 });
  const counts = page.locator('dl[aria-label="Import counts"]');
  await expect(counts).toContainText('Added1,190');
  await expect(counts).toContainText('Not sent (bad row)10');

  const results = page.getByRole('table', { name: 'Import results' });
  await expect(results.getByRole('row')).toHaveCount(11);
  const row = (n: number) =>
    results.getByRole('row').filter({ has: page.getByRole('cell', { name: String(n), exact: true }) });
  for (const bad of BAD_ROWS.keys()) await expect(row(bad)).toHaveCount(1);
  // Each bad row says what to fix, with the code of the check that refused it.
  await expect(row(222)).toContainText('messaging.input.name_incomplete');
  await expect(row(222)).toContainText('"Onlyfirst" has no last name');
  await expect(row(100)).toContainText('messaging.input.invalid_number');
  await expect(row(100)).toContainText('"12"');
  await expect(row(7)).toContainText('number is empty');
  await snapshot(page, testInfo.outputPath('messaging-import-results.png'));
  expect((await messagingStats(sandbox)).contacts - before.contacts).toBe(1190);

  // The same rows again: every good one answers 97 (duplicate number), with its meaning.
  await page.getByRole('button', { name: 'Import another file' }).click();
  const again = contactsCsv().split('\n').slice(0, 6).join('\n');
  await page
    .getByLabel('CSV file of contacts')
    .setInputFiles({ name: 'again.csv', mimeType: 'text/csv', buffer: Buffer.from(again) });
  await page.getByRole('button', { name: 'Import 5 contacts' }).click();
  await expect(page.getByText('Import finished.')).toBeVisible({ timeout: 30_000 });
  await expect(counts).toContainText('Duplicate number (97)5');
  await expect(results.getByRole('row').nth(1)).toContainText('97');
  await expect(results.getByRole('row').nth(1)).toContainText('The number already exists in this account');
  expect((await messagingStats(sandbox)).contacts - before.contacts).toBe(1190);
});

test('send a bulk of 1,200 personalised messages in three submissions of at most 500', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const messaging = await openMessaging(page);
  await messaging.go('Bulk');
  const before = await messagingStats(sandbox);
  const csv = [
    'number,first_name,code',
    ...Array.from({ length: 1200 }, (_, i) => `(628) 555-${String(i).padStart(4, '0')},Friend${i},C${1000 + i}`),
  ].join('\n');
  await page
    .getByLabel('CSV file of recipients')
    .setInputFiles({ name: 'campaign.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByLabel('Number column')).toHaveValue('number');
  await page.getByLabel('Template', { exact: true }).fill('Hi {first_name}, your code is ');
  await page.getByRole('group', { name: 'Insert a field' }).getByRole('button', { name: '{code}' }).click();
  await expect(page.getByLabel('Template', { exact: true })).toHaveValue('Hi {first_name}, your code is {code}');
  await expect(page.getByRole('status', { name: 'Bulk plan' })).toContainText(
    '1,200 messages in 3 submissions (500, 500, 200)',
  );
  await expect(page.getByRole('list', { name: 'First messages' })).toContainText('Hi Friend0, your code is C1000');
  await page.getByLabel('Campaign title (optional)').fill('Spring codes');
  await snapshot(page, testInfo.outputPath('messaging-bulk-plan.png'));
  await page.getByRole('button', { name: 'Send 1,200 messages' }).click();

  const bulk = page.getByRole('listitem', { name: 'Spring codes' });
  await expect(bulk.getByRole('status', { name: 'Spring codes: sent' })).toHaveText('1,200 of 1,200 messages sent', {
    timeout: 60_000,
  });
  for (const i of [1, 2, 3]) {
    await expect(bulk.getByRole('progressbar', { name: `Submission ${i} of 3` })).toHaveAttribute(
      'aria-valuetext',
      'Sent',
    );
  }
  await expect(bulk).toContainText('Submission 3 of 3 · 200 numbers');
  await snapshot(page, testInfo.outputPath('messaging-bulk-sent.png'));
  const after = await messagingStats(sandbox);
  expect(after.messages - before.messages).toBe(1200);
  expect(after.submissions - before.submissions).toBe(3);

  // Each submission's messages, personalised, in the Sent list.
  await bulk.getByRole('button', { name: 'See the messages of submission 3' }).click();
  await expect(page.getByRole('table', { name: 'Sent messages' })).toContainText(/Hi Friend1199, your code is C2199/);
});

test('an unknown outcome is shown as such and is resent only after the user confirms', async ({ page }, testInfo) => {
  const messaging = await openMessaging(page);
  await messaging.go('Bulk');
  const before = await messagingStats(sandbox);
  // The service stores the messages, then the connection drops before the answer.
  await sandbox.admin('POST', '/_sandbox/faults', { dropShare: 1 });
  try {
    const csv = 'number,first_name\n(917) 555-0101,Ann\n(917) 555-0102,Bob\n(917) 555-0103,Cy';
    await page
      .getByLabel('CSV file of recipients')
      .setInputFiles({ name: 'three.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByLabel('Template', { exact: true }).fill('Hello {first_name}');
    await page.getByLabel('Campaign title (optional)').fill('Lost answer');
    await page.getByRole('button', { name: 'Send 3 messages' }).click();
    const bulk = page.getByRole('listitem', { name: 'Lost answer' });
    await expect(bulk.getByRole('progressbar', { name: 'Submission 1 of 1' })).toHaveAttribute(
      'aria-valuetext',
      'Outcome unknown',
      { timeout: 30_000 },
    );
    await expect(bulk).toContainText('may or may not have gone out');
  } finally {
    await sandbox.admin('POST', '/_sandbox/faults', { dropShare: 0 });
  }
  const bulk = page.getByRole('listitem', { name: 'Lost answer' });
  await snapshot(page, testInfo.outputPath('messaging-bulk-unknown.png'));

  // Declining leaves it as it was; nothing more is sent.
  await bulk.getByRole('button', { name: 'Resend submission 1…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Send submission 1 again?' });
  await expect(dialog).toContainText('may already have been delivered');
  await expect(dialog.getByRole('button', { name: 'Don’t send' })).toBeFocused();
  await snapshot(page, testInfo.outputPath('messaging-bulk-confirm.png'));
  await dialog.getByRole('button', { name: 'Don’t send' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await messagingStats(sandbox)).messages - before.messages).toBe(3);

  await bulk.getByRole('button', { name: 'Resend submission 1…' }).click();
  await dialog.getByRole('button', { name: 'Send 3 messages again' }).click();
  await expect(bulk.getByRole('progressbar', { name: 'Submission 1 of 1' })).toHaveAttribute('aria-valuetext', 'Sent');
  expect((await messagingStats(sandbox)).messages - before.messages).toBe(6);
});
