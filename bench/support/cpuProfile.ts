// Where the page's time goes during a step: Chromium's CPU profiler (CDP) around it, and the
// functions with the most self time, by name and place in the bundle (file:line:column; the
// bundle is minified, so the column finds the function in dist/renderer).
import type { Page } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}

export interface HotFunction {
  name: string;
  selfMs: number;
  share: number;
}

/** Runs `step` under the profiler; answers its total sampled time and the `top` functions by self time. */
export async function profileStep(
  page: Page,
  step: () => Promise<unknown>,
  top = 8,
): Promise<{ totalMs: number; hot: HotFunction[] }> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 200 });
    await session.send('Profiler.start');
    await step();
    const { profile } = (await session.send('Profiler.stop')) as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    let totalUs = 0;
    profile.samples.forEach((id, i) => {
      const node = byId.get(id)!;
      const dt = profile.timeDeltas[i] ?? 0;
      totalUs += dt;
      const file = node.callFrame.url.split('/').pop() || '(native)';
      const key = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}:${node.callFrame.columnNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + dt);
    });
    const busyUs = totalUs - (self.get('(idle) (native):0:0') ?? 0);
    const hot = [...self.entries()]
      .filter(([key]) => !key.startsWith('(idle)') && !key.startsWith('(program)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, selfMs: us / 1000, share: busyUs > 0 ? us / busyUs : 0 }));
    return { totalMs: busyUs / 1000, hot };
  } finally {
    await session.detach();
  }
}
