// The next page of a list newest-first: something created meanwhile may already be listed,
// so each id is kept once.
export function appendPage<T extends { id: number }>(items: readonly T[], page: readonly T[]): T[] {
  const seen = new Set(items.map((item) => item.id));
  return [...items, ...page.filter((item) => !seen.has(item.id))];
}
