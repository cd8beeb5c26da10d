// The Media screen, found as a screen reader would: the pickers, the drop zone, the uploads,
// the grid and the details pane. `drop` dispatches real drag-and-drop events carrying a
// DataTransfer built in the page from the files' bytes.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect, type Page } from '@playwright/test';

export interface DroppedFile {
  readonly name: string;
  readonly mimeType: string;
  readonly bytes: Buffer;
}

export function fileFrom(path: string, mimeType: string, name = basename(path)): DroppedFile {
  return { name, mimeType, bytes: readFileSync(path) };
}

export function mediaPage(page: Page) {
  const grid = page.getByRole('list', { name: 'Media' });
  const uploads = page.getByRole('list', { name: 'Uploads' });
  const details = page.getByRole('region', { name: 'Details' });
  return {
    grid,
    uploads,
    details,
    project: page.getByLabel('Project', { exact: true }),
    show: page.getByLabel('Show', { exact: true }),
    addFiles: page.getByRole('button', { name: 'Add files…' }),
    dropHint: page.getByText(/Drop images, video or audio anywhere here/),
    tile: (name: string) => grid.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) }),
    preview: (name: string) => page.getByRole('img', { name: `Preview of ${name}`, exact: true }),
    waveform: (name: string) => page.getByRole('img', { name: `Waveform of ${name}`, exact: true }),
    uploadRow: (name: string) => uploads.getByRole('listitem').filter({ hasText: name }),
    progress: (name: string) => page.getByRole('progressbar', { name: `Upload of ${name}`, exact: true }),

    /** Drags the files over the drop hint and drops them, as a desktop drag would. */
    async drop(files: readonly DroppedFile[]) {
      const dataTransfer = await page.evaluateHandle(
        (list) => {
          const transfer = new DataTransfer();
          for (const file of list) {
            const binary = atob(file.base64);
            const bytes = new Uint8Array(binary.length);
            for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
            transfer.items.add(new File([bytes], file.name, { type: file.mimeType }));
          }
          return transfer;
        },
        files.map((f) => ({ name: f.name, mimeType: f.mimeType, base64: f.bytes.toString('base64') })),
      );
      const target = this.dropHint;
      await target.dispatchEvent('dragenter', { dataTransfer });
      await target.dispatchEvent('dragover', { dataTransfer });
      await expect(page.getByText(/^Drop to upload to /)).toBeVisible();
      await target.dispatchEvent('drop', { dataTransfer });
      await dataTransfer.dispose();
    },

    async select(name: string) {
      await grid.getByRole('button', { name, exact: true }).click();
      await expect(details.getByRole('heading', { name, exact: true })).toBeVisible();
    },

    /** The value the details pane shows for a fact ("Kind", "Size", …). */
    fact: (term: string) =>
      details.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd'),
  };
}
