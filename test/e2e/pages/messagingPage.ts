// The Messaging screen, found as a screen reader would: its tabs, forms and notices.
import { expect, type Page } from '@playwright/test';
import type { RunningSandbox } from '../../support/sandboxProcess.ts';

export function messagingPage(page: Page) {
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  return {
    async open() {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Messaging', exact: true })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Messaging' })).toBeVisible();
    },
    tab,
    async go(name: 'Contacts' | 'Calendar' | 'Messages' | 'Bulk' | 'Sent') {
      await tab(name).click();
      await expect(tab(name)).toHaveAttribute('aria-selected', 'true');
    },
    async setSettings(senderId: string, country: string) {
      await page.getByRole('button', { name: 'Edit messaging settings' }).click();
      const form = page.getByRole('form', { name: 'Messaging settings' });
      await form.getByLabel('Sender ID').fill(senderId);
      await form.getByLabel('Default country').selectOption(country);
      await form.getByRole('button', { name: 'Save messaging settings' }).click();
      await expect(page.getByRole('button', { name: 'Edit messaging settings' })).toBeVisible();
    },
    contactForm: page.getByRole('form', { name: 'Add a contact' }),
    async addContact(fields: { number: string; first: string; last: string; email?: string; group?: string }) {
      const form = page.getByRole('form', { name: 'Add a contact' });
      await form.getByLabel('Contact number').fill(fields.number);
      await form.getByLabel('First name').fill(fields.first);
      await form.getByLabel('Last name').fill(fields.last);
      if (fields.email) await form.getByLabel('Email').fill(fields.email);
      if (fields.group) await form.getByLabel('Group', { exact: true }).fill(fields.group);
      await form.getByRole('button', { name: 'Add contact' }).click();
    },
    contacts: page.getByRole('table', { name: 'Contacts' }),
    /** The question asked before a message goes: answered yes; its text is returned. */
    async confirmSend(answer: 'Send' | 'Schedule'): Promise<string> {
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toBeVisible();
      const question = (await dialog.textContent()) ?? '';
      await dialog.getByRole('button', { name: answer, exact: true }).click();
      await expect(dialog).toHaveCount(0);
      return question;
    },
    /**
     * A result notice, by the service's status and code ("Success 00", "Error 97": in brackets
     * at the end of its name, after the words) or by a client check's word ("Not sent").
     */
    notice: (scope: Page | ReturnType<Page['getByRole']>, title: string) =>
      scope.getByRole(title.startsWith('Success') ? 'status' : 'alert', {
        name: new RegExp(`^${title}:|\\(${title}\\)$`),
      }),
  };
}

/** First launch → a remote account on the test's own sandbox (whose admin counts the test can read). */
export async function connectRemote(page: Page, sandbox: RunningSandbox, name = 'Test account') {
  await page.getByLabel('Workspace name').fill(name);
  await page.getByLabel('Create API base URL').fill(sandbox.createBaseUrl);
  await page.getByLabel('Create API key').fill(sandbox.apiKey);
  await page.getByLabel('Messaging API base URL (optional)').fill(sandbox.messagingBaseUrl);
  await page.getByLabel('Messaging API key (optional)').fill(sandbox.messagingApiKey);
  await page.getByRole('button', { name: 'Check key and connect' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 });
}

/** The sandbox's own counts of what the Messaging API stored. */
export async function messagingStats(
  sandbox: RunningSandbox,
): Promise<{ contacts: number; events: number; messages: number; submissions: number }> {
  const res = await fetch(`${sandbox.messagingBaseUrl}/_sandbox/messaging/stats`, {
    headers: { 'x-sandbox-admin': sandbox.adminToken },
  });
  return res.json();
}

/**
 * A screenshot of the whole screen as a test artifact: the window is made as tall as the
 * screen's content for the shot (it scrolls inside the shell, which fullPage cannot see).
 */
export async function snapshot(page: Page, path: string): Promise<void> {
  const before = page.viewportSize() ?? { width: 1280, height: 720 };
  const height = await page.evaluate(() => {
    const content = document.querySelector('main.content');
    return content ? content.scrollHeight + 60 : document.body.scrollHeight;
  });
  await page.setViewportSize({ width: 1400, height: Math.min(6000, Math.max(before.height, height)) });
  await page.screenshot({ path });
  await page.setViewportSize(before);
}
