// The Settings screen: workspace cards, their keys, the add-account form and the key prompt.
import { expect, type Page } from '@playwright/test';

export function settingsPage(page: Page) {
  const list = page.getByRole('list', { name: 'Workspaces' });
  return {
    list,
    card: (name: string) => list.getByRole('article', { name, exact: true }),
    async addRemote(fields: { name: string; createBaseUrl: string; apiKey: string }) {
      await page.getByRole('button', { name: 'Add a remote account' }).click();
      const form = page.getByRole('form', { name: 'Connect a remote account' });
      await form.getByLabel('Workspace name').fill(fields.name);
      await form.getByLabel('Create API base URL').fill(fields.createBaseUrl);
      await form.getByLabel('Create API key', { exact: true }).fill(fields.apiKey);
      await form.getByRole('button', { name: 'Check key and connect' }).click();
    },
    keyPrompt: page.getByRole('alert', { name: 'API key problem' }),
    async replaceKeyFromPrompt(workspaceName: string, apiKey: string) {
      await this.keyPrompt.getByRole('button', { name: 'Replace key' }).click();
      const dialog = page.getByRole('dialog', { name: `Replace the API key of ${workspaceName}` });
      await dialog.getByLabel(`New API key for ${workspaceName}`).fill(apiKey);
      await dialog.getByRole('button', { name: 'Check and save key' }).click();
      await expect(dialog).toHaveCount(0);
    },
  };
}
