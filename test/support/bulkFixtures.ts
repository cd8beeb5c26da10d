// Recipients for bulk-send tests: valid US numbers (+1 212 555 0000 onwards, fictional but
// well formed) each with its own text, tagged so a test can find its own messages in the list.

export const SENDER = '+12015550100';

export function bulkNumber(i: number, areaCode = '212'): string {
  if (i < 0 || i > 9999) throw new RangeError('bulkNumber takes 0 to 9999');
  return `+1${areaCode}555${String(i).padStart(4, '0')}`;
}

export function bulkMessages(count: number, tag: string, areaCode = '212'): { number: string; text: string }[] {
  return Array.from({ length: count }, (_, i) => ({ number: bulkNumber(i, areaCode), text: `${tag} #${i}` }));
}
