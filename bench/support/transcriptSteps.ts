// The long-form benchmark's steps in the Transcript tab, timed inside the page: frame times
// while its word list scrolls, and from an edit (a word deleted, all fillers removed, an
// undo) to the list showing it and to the edit status saying the service acknowledged it.
// "Shown" is the moment the count of cut passages drawn in the list changes.
import type { Page } from '@playwright/test';

/** requestAnimationFrame deltas while the word list scrolls `stepPx` a frame, down and back. */
export function scrollFrames(page: Page, frames: number, stepPx = 120): Promise<number[]> {
  return page.evaluate(
    async ({ frames, stepPx }) => {
      let scroller = document.querySelector('[role="listbox"][aria-label="Transcript"]') as HTMLElement | null;
      while (scroller && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
      if (!scroller) throw new Error('the Transcript list does not scroll');
      const deltas: number[] = [];
      let direction = 1;
      await new Promise<void>((resolve) => {
        let last = 0;
        let i = 0;
        const tick = (now: number) => {
          if (last > 0) deltas.push(now - last);
          last = now;
          const max = scroller.scrollHeight - scroller.clientHeight;
          let next = scroller.scrollTop + direction * stepPx;
          if (next >= max || next <= 0) {
            direction = -direction;
            next = Math.max(0, Math.min(max, next));
          }
          scroller.scrollTop = next;
          if (++i <= frames) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      scroller.scrollTop = 0;
      await new Promise((r) => setTimeout(r, 300));
      return deltas.slice(2);
    },
    { frames, stepPx },
  );
}

export interface EditTiming {
  shown: number;
  ack: number;
}

export type TranscriptEdit = { kind: 'deleteWord'; nth: number } | { kind: 'removeFillers' } | { kind: 'undo' };

/** One edit, timed from its key or click to the list showing it and to "All edits saved". */
export function timeEdit(page: Page, edit: TranscriptEdit): Promise<EditTiming> {
  return page.evaluate(async (edit) => {
    const list = document.querySelector('[role="listbox"][aria-label="Transcript"]') as HTMLElement;
    const status = document.querySelector('[role="status"][aria-label="Edit status"]') as HTMLElement;
    const saved = () => (status.textContent ?? '').startsWith('All edits saved');
    const cuts = () => list.querySelectorAll('[role="option"][aria-label^="Cut: "]').length;
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
    let act: () => void;
    if (edit.kind === 'deleteWord') {
      const words = [...list.querySelectorAll<HTMLElement>('[role="option"]')].filter((o) =>
        /^[^,]+, at \d/.test(o.getAttribute('aria-label') ?? ''),
      );
      const word = words[edit.nth];
      if (!word) throw new Error(`no word ${edit.nth} in view (${words.length} drawn)`);
      word.click();
      await frame();
      await frame();
      act = () => list.dispatchEvent(new KeyboardEvent('keydown', { key: 'Delete', bubbles: true, cancelable: true }));
    } else if (edit.kind === 'removeFillers') {
      const button = [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) =>
        /^Remove all fillers \(\d+\)$/.test(b.textContent ?? ''),
      );
      if (!button || button.disabled) throw new Error('no enabled "Remove all fillers" button');
      act = () => button.click();
    } else {
      const ruler = document.querySelector('[role="slider"][aria-label="Playhead"]') as HTMLElement;
      act = () => ruler.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true }));
    }
    const before = cuts();
    const started = performance.now();
    let shown = 0;
    let left = false;
    const done = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${edit.kind}: not acknowledged in 60 s (${status.textContent})`)),
        60_000,
      );
      const check = () => {
        if (!shown && cuts() !== before) shown = performance.now();
        if (!saved()) left = true;
        else if (left && shown) {
          clearTimeout(timer);
          observer.disconnect();
          resolve(performance.now());
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, {
        childList: true,
        characterData: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['aria-label'],
      });
    });
    act();
    const ack = (await done) - started;
    await new Promise((r) => setTimeout(r, 100));
    return { shown: shown - started, ack };
  }, edit);
}
