// The Generate screen end to end: a model's inputs rendered as a form with their limits, the
// cost estimated before anything is sent, an image generated into the journal and shown in
// place with its outputs' previews, and a new version that starts from its inputs, links it
// as the parent and leaves it as it was.
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { generatePage } from './pages/generatePage.ts';
import { keepScreenshot } from './pages/keepScreenshot.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { shellPage } from './pages/shellPage.ts';

// Tall enough for the screenshots to show the whole screen.
test.use({ viewport: { width: 1280, height: 1000 } });

async function serviceApi(app: {
  localSecrets(): Promise<{ createApiKey: string } | null>;
  localCreateBaseUrl(): string;
}) {
  const secrets = await app.localSecrets();
  const base = app.localCreateBaseUrl();
  return async (path: string) =>
    (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${secrets!.createApiKey}` } })).json();
}

async function openGenerate(page: import('@playwright/test').Page, projectName: string) {
  await firstLaunchPage(page).useLocalWorkspace();
  await projectsPage(page).create(projectName);
  const shell = shellPage(page);
  await shell.railEntry('Generate').click();
  await expect(shell.screenHeading('Generate')).toBeVisible();
  const generate = generatePage(page);
  await expect(generate.model).toBeEnabled();
  return generate;
}

test('generate an image: estimate, submit, outputs in place; a new version links the parent', async ({
  page,
  app,
}, testInfo) => {
  // Several round trips through the service and ffmpeg: generous on a busy machine.
  test.setTimeout(120_000);
  const generate = await openGenerate(page, 'Lighthouse stills');
  await expect(generate.kind('Image')).toBeChecked();
  await generate.model.selectOption({ label: 'Sketch Image — $0.02 each' });
  await generate.prompt.fill('A lighthouse at dusk');
  await generate.field('Style').selectOption('watercolor');
  await generate.field('Count').fill('2');
  await expect(generate.estimate).toContainText('Estimated cost: $0.04 (2 × $0.02)');
  await expect(generate.estimate).toContainText('Wallet: $100.00');
  await keepScreenshot(page, testInfo, 'generate-form.png');

  await generate.submit.click();
  const first = generate.history.getByRole('listitem').first();
  await expect(first).toHaveAccessibleName(/^Generation \d+$/, { timeout: 30_000 });
  const firstId = Number((await first.getAttribute('aria-label'))!.replace('Generation ', ''));
  await expect(generate.generation(firstId)).toContainText('Completed', { timeout: 30_000 });
  await expect(generate.outputs(firstId)).toHaveCount(2);
  for (const output of await generate.outputs(firstId).all()) {
    await expect(output).toHaveAttribute('src', /^data:image\/jpeg;base64,/, { timeout: 30_000 });
    await expect.poll(() => output.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(generate.generation(firstId)).toContainText('$0.04');
  await expect(shellPage(page).status).toContainText('Wallet: $99.96');

  // A new version: the form starts from the first one's inputs and names it.
  await generate.newVersion(firstId).click();
  await expect(generate.form.getByRole('status')).toContainText(`New version of generation #${firstId}`);
  await expect(generate.prompt).toHaveValue('A lighthouse at dusk');
  await expect(generate.field('Style')).toHaveValue('watercolor');
  await expect(generate.field('Count')).toHaveValue('2');
  await generate.prompt.fill('A lighthouse at dusk, in fog');
  await generate.field('Count').fill('1');
  await expect(generate.estimate).toContainText('Estimated cost: $0.02');
  await generate.form.getByRole('button', { name: 'Generate new version' }).click();

  const second = generate.history.getByRole('listitem').first();
  await expect(second).not.toHaveAccessibleName(`Generation ${firstId}`, { timeout: 30_000 });
  await expect(second).toHaveAccessibleName(/^Generation \d+$/, { timeout: 30_000 });
  const secondId = Number((await second.getAttribute('aria-label'))!.replace('Generation ', ''));
  await expect(generate.generation(secondId)).toContainText(`New version of #${firstId}`);
  await expect(generate.generation(secondId)).toContainText('Completed', { timeout: 30_000 });
  await expect(generate.outputs(secondId)).toHaveCount(1);
  await expect(generate.outputs(secondId).first()).toHaveAttribute('src', /^data:image\/jpeg/, { timeout: 30_000 });
  await keepScreenshot(page, testInfo, 'generate-history.png');

  // On the service: the new one links its parent; the parent is as it was.
  const get = await serviceApi(app);
  const child = (await get(`/generations/${secondId}`)).data;
  expect(child).toMatchObject({ parentGenerationId: firstId, prompt: 'A lighthouse at dusk, in fog' });
  expect(child.settings).toMatchObject({ style: 'watercolor', count: 1 });
  const parent = (await get(`/generations/${firstId}`)).data;
  expect(parent).toMatchObject({ prompt: 'A lighthouse at dusk', parentGenerationId: null });
  expect(parent.settings).toMatchObject({ style: 'watercolor', count: 2 });
  expect(parent.outputs).toHaveLength(2);
});

test("a model's inputs become a form with hints and limits; a bad value is refused before it costs anything", async ({
  page,
  app,
}, testInfo) => {
  const generate = await openGenerate(page, 'Motion tests');
  await generate.kind('Video').check();
  await expect(generate.model).toHaveValue('motion-video-1');
  await expect(generate.model.locator('option', { hasText: 'Cinema Video' })).toContainText('(unavailable)');

  // Each input as its type says, with its description and range as the hint.
  const duration = generate.field('Duration seconds');
  await expect(duration).toHaveAttribute('type', 'number');
  await expect(duration).toHaveAttribute('min', '1');
  await expect(duration).toHaveAttribute('max', '8');
  await expect(duration).toHaveValue('2');
  await expect(duration).toHaveAccessibleDescription(/Length of the result in seconds\. 1 to 8 · default 2/);
  await expect(generate.field('Sound')).toBeChecked();
  await expect(generate.field('Style')).toHaveValue('photo');
  await expect(generate.estimate).toContainText('Estimated cost: $0.30');

  await generate.prompt.fill('Waves rolling in');
  await duration.fill('20');
  await generate.submit.click();
  await expect(generate.form.getByRole('alert')).toHaveText('Duration seconds must be at most 8.');
  await expect(duration).toBeFocused();
  await keepScreenshot(page, testInfo, 'generate-video-form.png');

  // An unavailable model cannot be submitted.
  await generate.model.selectOption('cinema-video-2');
  await expect(generate.form).toContainText('This model cannot run right now');
  await expect(generate.submit).toBeDisabled();

  // Nothing reached the service, nothing was charged.
  const get = await serviceApi(app);
  expect((await get('/generations')).data).toEqual([]);
  expect((await get('/me')).data.account.walletUsd).toBe(100);
});

test('a change of model keeps every value the new model takes, and a change of kind keeps the prompt', async ({
  page,
}) => {
  const generate = await openGenerate(page, 'Model changes');
  await generate.prompt.fill('A harbour at dawn');
  await generate.field('Style').selectOption('watercolor');
  await generate.field('Seed').fill('42');
  await generate.field('Count').fill('3');

  await generate.model.selectOption('studio-image-2');
  await expect(generate.prompt).toHaveValue('A harbour at dawn');
  await expect(generate.field('Style')).toHaveValue('watercolor');
  await expect(generate.field('Seed')).toHaveValue('42');
  await expect(generate.field('Count')).toHaveValue('3');
  await expect(generate.field('Guidance')).toHaveValue('7');

  await generate.kind('Video').check();
  await expect(generate.model).toHaveValue(/video/);
  await expect(generate.prompt).toHaveValue('A harbour at dawn');
  await expect(generate.field('Seed')).toHaveValue('42');
  await generate.kind('Image').check();
  await expect(generate.prompt).toHaveValue('A harbour at dawn');
});
