// The Jobs screen, found as a screen reader would: its three tables and their rows.
import type { Page } from '@playwright/test';

export function jobsPage(page: Page) {
  const screen = page.getByRole('region', { name: /^Jobs$/ });
  return {
    waiting: page.getByRole('table', { name: 'Waiting jobs' }),
    running: page.getByRole('table', { name: 'Running jobs' }),
    finished: page.getByRole('table', { name: 'Finished jobs' }),
    /** "The service cannot be reached. 1 request waits here and will be sent when the service answers…" */
    offlineNotice: page.getByRole('status').filter({ hasText: 'will be sent when the service answers' }),
    screen,
    rows: (table: ReturnType<Page['getByRole']>) => table.getByRole('row').filter({ has: page.getByRole('rowheader') }),
  };
}
