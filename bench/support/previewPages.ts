// What the preview benchmark runs inside Chromium: the baseline page (plain <video> elements
// playing the same sources, served with Range by a tiny loopback server) and the in-page
// measures taken the same way on both (requestVideoFrameCallback for frames on screen,
// getVideoPlaybackQuality for dropped frames), plus the renderer's memory from the outside
// (the RSS of Chromium's renderer and compositor processes, found through CDP).
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';
import type { Browser } from '@playwright/test';

export interface BaselineServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `files` by name (one Range per request, as browsers ask) and a blank page at /. */
export async function serveBaseline(files: readonly string[]): Promise<BaselineServer> {
  const byName = new Map(files.map((path) => [`/${basename(path)}`, path]));
  const server: Server = createServer((req, res) => {
    const path = byName.get(req.url?.split('?')[0] ?? '');
    if (!path) {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><body style="margin:0;background:#000">');
      return;
    }
    const size = statSync(path).size;
    const match = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const start = match ? Number(match[1]) : 0;
    const end = match && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
    res.writeHead(match ? 206 : 200, {
      'content-type': 'video/mp4',
      'content-length': end - start + 1,
      'accept-ranges': 'bytes',
      ...(match ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    });
    createReadStream(path, { start, end })
      .pipe(res)
      .on('error', () => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Layers as the benchmark's timeline has them: the first fills the box, the others are inset. */
export const LAYOUT = [
  { left: 0, top: 0, width: 1, height: 1, opacity: 1 },
  { left: 0.55, top: 0.05, width: 0.4, height: 0.4, opacity: 1 },
  { left: 0.05, top: 0.55, width: 0.4, height: 0.4, opacity: 0.8 },
] as const;

/** In the baseline page: one plain <video> per source, laid out in a `width`×`height` box. */
export function baselinePageScript(sources: string[], width: number, height: number): string {
  return `(async () => {
    const box = document.createElement('div');
    box.style.cssText = 'position:relative;overflow:hidden;background:#000;width:${width}px;height:${height}px';
    document.body.append(box);
    const layout = ${JSON.stringify(LAYOUT)};
    window.videos = ${JSON.stringify(sources)}.map((src, i) => {
      const v = document.createElement('video');
      const l = layout[i % layout.length];
      v.style.cssText = 'position:absolute;left:' + l.left * ${width} + 'px;top:' + l.top * ${height} + 'px;width:' + l.width * ${width} + 'px;height:' + l.height * ${height} + 'px;opacity:' + l.opacity;
      v.preload = 'auto';
      v.src = src;
      box.append(v);
      return v;
    });
    await Promise.all(window.videos.map((v) => v.readyState >= 2 ? 0 : new Promise((r) => v.addEventListener('loadeddata', r, { once: true }))));
  })()`;
}

/** Counts the frames each video presents (requestVideoFrameCallback) from now on; `window.frameCounts()` reads them. */
export const COUNT_FRAMES = `(() => {
  const counts = new Map();
  for (const v of window.measured()) {
    counts.set(v, 0);
    const q = v.getVideoPlaybackQuality();
    v.__quality = { total: q.totalVideoFrames, dropped: q.droppedVideoFrames };
    const tick = () => { counts.set(v, counts.get(v) + 1); v.requestVideoFrameCallback(tick); };
    v.requestVideoFrameCallback(tick);
  }
  window.countsFrom = performance.now();
  window.frameCounts = () => {
    const seconds = (performance.now() - window.countsFrom) / 1000;
    return [...counts].map(([v, n]) => {
      const q = v.getVideoPlaybackQuality();
      return { fps: n / seconds, total: q.totalVideoFrames - v.__quality.total, dropped: q.droppedVideoFrames - v.__quality.dropped };
    });
  };
})()`;

/** Resolves with ms from the next keydown of `key` (or a call of window.go()) to the first new frame presented. */
export const TIME_TO_MOTION = `new Promise((resolve) => {
  let from = null;
  const start = () => {
    if (from !== null) return;
    from = performance.now();
    for (const v of window.measured()) {
      const before = v.currentTime;
      const check = (now, meta) => { if (meta.mediaTime !== before) resolve(now - from); else v.requestVideoFrameCallback(check); };
      v.requestVideoFrameCallback(check);
    }
  };
  window.addEventListener('keydown', (e) => e.key === ' ' && start(), { capture: true, once: true });
  window.go = start;
})`;

/** RSS (MiB) of Chromium's renderer and compositor (GPU) processes, read from /proc. */
export async function chromiumMemoryMiB(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    let kib = 0;
    for (const { type, id } of processInfo) {
      if (type !== 'renderer' && type !== 'GPU') continue;
      const status = readFileSync(`/proc/${id}/status`, 'utf8');
      kib += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    }
    return kib / 1024;
  } finally {
    await session.detach();
  }
}
