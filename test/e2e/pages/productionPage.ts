// The panels around the timeline, found as a screen reader would: the dock, its tabs and
// clip picker, the transcript, the proposals, the findings, and the export dialog.
import type { Page } from '@playwright/test';

export function productionPage(page: Page) {
  const dock = page.getByRole('region', { name: 'Around the timeline' });
  return {
    dock,
    clip: dock.getByLabel('Clip', { exact: true }),
    tab: (name: string) => dock.getByRole('tab', { name, exact: true }),
    panel: dock.getByRole('tabpanel'),
    /** The timeline's words (the transcript editor): options named "<word>, at m:ss.t". */
    transcript: dock.getByRole('listbox', { name: 'Transcript' }),
    words: dock.getByRole('listbox', { name: 'Transcript' }).getByRole('option', { name: /^[^,]+, at \d/ }),
    proposals: dock.getByRole('list', { name: 'Proposed edits' }),
    findings: dock.getByRole('list', { name: 'Findings' }),
    lane: page.getByRole('group', { name: 'Review findings' }),
    exportDialog: page.getByRole('dialog', { name: 'Export' }),
    status: (noun: string) => dock.getByRole('status', { name: `${noun} status` }),
  };
}
