// The Projects screen: create, rename, the conflict dialog and the list.
import { expect, type Page } from '@playwright/test';

export function projectsPage(page: Page) {
  const list = page.getByRole('list', { name: 'Projects' });
  return {
    list,
    item: (name: string) => list.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) }),
    async create(name: string, aspectRatio = '16:9') {
      const form = page.getByRole('form', { name: 'New project' });
      await form.getByLabel('Project name').fill(name);
      await form.getByLabel('Aspect ratio').selectOption(aspectRatio);
      await form.getByRole('button', { name: 'Create project' }).click();
      await expect(list.getByText(name, { exact: true })).toBeVisible();
    },
    async startRename(name: string) {
      await page.getByRole('button', { name: `Rename ${name}`, exact: true }).click();
      return page.getByRole('textbox', { name: `New name for ${name}` });
    },
    async rename(from: string, to: string) {
      const field = await this.startRename(from);
      await field.fill(to);
      await page.getByRole('button', { name: 'Save name' }).click();
    },
    conflict: page.getByRole('alertdialog', { name: 'This project was renamed elsewhere' }),
  };
}
