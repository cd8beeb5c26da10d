// The Generate screen, found as a screen reader would: the form (kind, model, the model's
// inputs, the estimate) and the history of the project's generations.
import type { Page } from '@playwright/test';

export function generatePage(page: Page) {
  const form = page.getByRole('form', { name: 'New generation' });
  const history = page.getByRole('list', { name: 'Generations' });
  return {
    form,
    history,
    kind: (name: 'Image' | 'Video' | 'Audio') => form.getByRole('radio', { name }),
    model: form.getByLabel('Model', { exact: true }),
    field: (label: string) => form.getByLabel(label, { exact: true }),
    prompt: form.getByLabel('Prompt'),
    estimate: form.getByLabel('Cost'),
    submit: form.getByRole('button', { name: /^Generate/ }),
    generation: (id: number) => history.getByRole('listitem', { name: `Generation ${id}`, exact: true }),
    outputs: (id: number) => page.getByRole('list', { name: `Outputs of generation ${id}` }).getByRole('img'),
    newVersion: (id: number) => page.getByRole('button', { name: `New version of generation ${id}`, exact: true }),
  };
}
