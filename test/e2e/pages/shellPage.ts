// The shell around every screen: the left rail and the status bar.
import type { Page } from '@playwright/test';

export const RAIL_ENTRIES = [
  'Projects',
  'Media',
  'Generate',
  'Timeline',
  'Exports',
  'Jobs',
  'Messaging',
  'Settings',
] as const;

export function shellPage(page: Page) {
  const rail = page.getByRole('navigation', { name: 'Main' });
  const status = page.getByRole('contentinfo', { name: 'Status' });
  return {
    rail,
    railEntry: (name: string) => rail.getByRole('button', { name, exact: true }),
    screenHeading: (name: string) => page.getByRole('heading', { level: 1, name, exact: true }),
    status,
    connection: status.getByRole('status', { name: 'Connection' }),
  };
}
