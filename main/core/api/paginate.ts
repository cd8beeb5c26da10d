// Following pagination.nextCursor through a list operation (spec rule 1: `after` takes
// the previous page's nextCursor).
import { AppFailure, responseInvalid } from '../../../shared/appError.ts';
import type { Page } from '../../../shared/api/createTypes.ts';

/** Yields every item of every page, fetching the next page only when the caller wants more. */
export async function* eachItem<Item>(
  fetchPage: (after: string | undefined) => Promise<Page<Item>>,
): AsyncGenerator<Item> {
  const seen = new Set<string>();
  let after: string | undefined;
  for (;;) {
    const page = await fetchPage(after);
    yield* page.items;
    if (page.nextCursor === null) return;
    // A cursor seen before would loop for ever: the service is misbehaving.
    if (seen.has(page.nextCursor)) {
      throw new AppFailure(responseInvalid(200, `The list repeated the cursor ${page.nextCursor}.`, page.requestId));
    }
    seen.add(page.nextCursor);
    after = page.nextCursor;
  }
}

/** Every item of a list, page after page; stops early once `maxItems` are read. */
export async function collectAll<Item>(
  fetchPage: (after: string | undefined) => Promise<Page<Item>>,
  maxItems = Infinity,
): Promise<Item[]> {
  const items: Item[] = [];
  if (maxItems <= 0) return items;
  for await (const item of eachItem(fetchPage)) {
    items.push(item);
    if (items.length >= maxItems) break;
  }
  return items;
}
