// The Media screen end to end, as a new user meets it: files dropped from the desktop (one
// refused for its type before anything is sent, one real PNG uploaded to 100% with its
// preview in the grid), files added from the keyboard (a waveform for audio, a frame for
// video, their details), and a brand asset attached, downloaded and shared by a delivery
// link that is then revoked.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { firstLaunchPage } from './pages/firstLaunchPage.ts';
import { keepScreenshot } from './pages/keepScreenshot.ts';
import { fileFrom, mediaPage } from './pages/mediaPage.ts';
import { projectsPage } from './pages/projectsPage.ts';
import { shellPage } from './pages/shellPage.ts';
import { makeFixtureDir, makeMp4, makePng, makeWav, mediaForm } from '../support/mediaFixtures.ts';

// Tall enough for the screenshots to show the whole screen.
test.use({ viewport: { width: 1280, height: 1000 } });

const fixtures = makeFixtureDir();
test.afterAll(() => fixtures.cleanup());

/** The workspace's own API, for checking what the service holds (and for setting up brands). */
async function serviceApi(app: {
  localSecrets(): Promise<{ createApiKey: string } | null>;
  localCreateBaseUrl(): string;
}) {
  const secrets = await app.localSecrets();
  const base = app.localCreateBaseUrl();
  const authorization = `Bearer ${secrets!.createApiKey}`;
  return {
    base,
    async get(path: string) {
      return (await fetch(`${base}${path}`, { headers: { authorization } })).json();
    },
    async post(path: string, body: unknown) {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.json();
    },
    async upload(form: FormData) {
      return (await fetch(`${base}/assets`, { method: 'POST', headers: { authorization }, body: form })).json();
    },
  };
}

async function openMedia(page: import('@playwright/test').Page, projectName: string) {
  await firstLaunchPage(page).useLocalWorkspace();
  await projectsPage(page).create(projectName);
  const shell = shellPage(page);
  await shell.railEntry('Media').click();
  await expect(shell.screenHeading('Media')).toBeVisible();
  const media = mediaPage(page);
  await expect(media.project.locator('option:checked')).toHaveText(projectName);
  return media;
}

test('dropping two files: a text file is refused with the reason, a PNG uploads to 100% and shows its preview', async ({
  page,
  app,
}, testInfo) => {
  const media = await openMedia(page, 'Spring campaign');
  await expect(page.getByText('No media in this project yet')).toBeVisible();

  const png = fileFrom(await makePng(fixtures.dir, { width: 640, height: 360, name: 'pattern.png' }), 'image/png');
  const notes = { name: 'notes.txt', mimeType: 'text/plain', bytes: Buffer.from('shot list: wide, close, wide\n') };
  await media.drop([notes, png]);

  // Refused before anything was sent, saying why and what to use instead.
  const refused = media.uploadRow('notes.txt');
  await expect(refused).toContainText('Not uploaded');
  await expect(refused).toContainText('"notes.txt" is not a media file Clipdesk can upload');
  await expect(refused).toContainText('PNG, JPEG');
  await expect(media.progress('notes.txt')).toHaveCount(0);

  // The PNG went up with its own progress bar, to the end.
  await expect(media.uploadRow('pattern.png')).toContainText('Uploaded', { timeout: 30_000 });
  await expect(media.progress('pattern.png')).toHaveAttribute('value', '100');

  // Its preview (a small JPEG made in main) is in the grid, really drawn.
  const preview = media.tile('pattern.png').getByRole('img', { name: 'Preview of pattern.png' });
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(preview).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  expect(await preview.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth])).toEqual([true, 320]);
  await media.select('pattern.png');
  await expect(media.details).toContainText('640 × 360');
  await expect(media.details).toContainText('image/png');

  // Named like an image but holding text: it passes the page's check by name, and main, reading its bytes, refuses it.
  await media.drop([{ name: 'fake.png', mimeType: 'image/png', bytes: Buffer.from('not really a picture\n') }]);
  await expect(media.uploadRow('fake.png')).toContainText('Failed');
  await expect(media.uploadRow('fake.png')).toContainText('media.unsupported_type');
  await expect(media.uploadRow('fake.png')).toContainText('is not a media file Clipdesk can upload');

  // The service holds the one file, in this project; the text files never reached it.
  const api = await serviceApi(app);
  const projects = await api.get('/projects?limit=1');
  const assets = await api.get(`/assets?projectId=${projects.data[0].id}`);
  expect(assets.data.map((a: { filename: string }) => a.filename)).toEqual(['pattern.png']);

  await keepScreenshot(page, testInfo, 'media-screen.png');
});

test('files added from the keyboard: audio shows a waveform, video a frame, and their details', async ({
  page,
}, testInfo) => {
  const media = await openMedia(page, 'Sound and picture');
  const wav = await makeWav(fixtures.dir, { seconds: 2, name: 'tone.wav' });
  const mp4 = await makeMp4(fixtures.dir, { seconds: 1, name: 'clip.mp4' });

  await media.addFiles.focus();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles([wav, mp4]);

  await expect(media.uploadRow('tone.wav')).toContainText('Uploaded', { timeout: 30_000 });
  await expect(media.uploadRow('clip.mp4')).toContainText('Uploaded', { timeout: 30_000 });
  await expect(media.tile('tone.wav').getByRole('img', { name: 'Waveform of tone.wav' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(media.tile('clip.mp4').getByRole('img', { name: 'Preview of clip.mp4' })).toBeVisible({
    timeout: 30_000,
  });

  await media.select('clip.mp4');
  await expect(media.fact('Kind')).toHaveText('Video');
  await expect(media.fact('Dimensions')).toHaveText('160 × 90');
  await expect(media.fact('Duration')).toHaveText(/^0:01\.\d$/);
  await media.select('tone.wav');
  await expect(media.fact('Kind')).toHaveText('Audio');
  await expect(media.fact('Duration')).toHaveText('0:02.0');
  await expect(media.details.getByRole('img', { name: 'Waveform of tone.wav' })).toBeVisible();

  await keepScreenshot(page, testInfo, 'media-audio-video.png');
});

test('a brand asset: attached to the project, downloaded, shared by a delivery link that is then revoked', async ({
  page,
  app,
}, testInfo) => {
  // Several round trips through the service and ffmpeg: generous on a busy machine.
  test.setTimeout(120_000);
  await firstLaunchPage(page).useLocalWorkspace();
  await projectsPage(page).create('Launch');
  // A brand with a logo, made straight through the API (brands are managed elsewhere).
  const api = await serviceApi(app);
  const brand = (await api.post('/brands', { name: 'Acme' })).data;
  const logoPath = await makePng(fixtures.dir, { width: 96, height: 96, name: 'logo.png' });
  const logo = (await api.upload(mediaForm(logoPath, { brandId: brand.id }))).data;
  expect(logo.brandId).toBe(brand.id);

  const shell = shellPage(page);
  await shell.railEntry('Media').click();
  const media = mediaPage(page);
  await media.show.selectOption({ label: 'Acme' });
  await expect(media.tile('logo.png').getByRole('img', { name: 'Preview of logo.png' })).toBeVisible({
    timeout: 30_000,
  });
  await media.select('logo.png');
  await media.details.getByRole('button', { name: 'Attach to Launch' }).click();
  await expect(media.details.getByRole('status').filter({ hasText: 'Attached to Launch' })).toBeVisible();

  // Back in the project's media, the brand asset is there, marked as such.
  await media.show.selectOption({ label: 'Project media' });
  await expect(media.tile('logo.png')).toContainText('Brand');
  const projects = await api.get('/projects?limit=1');
  const attachments = await api.get(`/projects/${projects.data[0].id}/attachments`);
  expect(attachments.data.map((a: { assetId: number }) => a.assetId)).toEqual([logo.id]);

  // Download: the page gets the file from browser mode, never the key.
  await media.select('logo.png');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    media.details.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('logo.png');
  const saved = testInfo.outputPath('logo-downloaded.png');
  await download.saveAs(saved);
  expect(readFileSync(saved).equals(readFileSync(logoPath))).toBe(true);

  // A delivery link: shown once, works for anyone, stops working when revoked.
  await media.details.getByLabel('Expires after').selectOption({ label: '1 day' });
  await media.details.getByRole('button', { name: 'Create link' }).click();
  const fresh = media.details.getByLabel(/New link/);
  await expect(fresh).toHaveValue(/\/d\/[A-Za-z0-9_-]{43}$/);
  const url = await fresh.inputValue();
  const fetched = await fetch(url);
  expect(fetched.status).toBe(200);
  expect(Buffer.from(await fetched.arrayBuffer()).equals(readFileSync(logoPath))).toBe(true);
  const links = media.details.getByRole('list', { name: 'Delivery links' });
  await expect(links.getByRole('listitem')).toHaveCount(1);
  await expect(links).toContainText('active');
  await keepScreenshot(page, testInfo, 'media-details.png');

  await links.getByRole('button', { name: /^Revoke link \d+$/ }).click();
  await expect(links).toContainText('revoked');
  await expect(fresh).toHaveCount(0);
  expect((await fetch(url)).status).toBe(404);
});
