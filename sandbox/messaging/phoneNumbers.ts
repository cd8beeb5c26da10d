// Contact numbers, checked loosely (the spec gives no format): 7 to 15 digits with an optional
// leading +, allowing the usual separators people type (spaces, dots, dashes, parentheses).
// Two spellings of one number ("+1 555-0100", "15550100") are the same number: `digits`.

export interface PhoneNumber {
  /** As stored and shown: the separators removed, a leading + kept. */
  number: string;
  /** The digits alone: what makes two numbers the same. */
  digits: string;
}

export function normaliseNumber(raw: string): PhoneNumber | undefined {
  const cleaned = raw.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d{7,15}$/.test(cleaned)) return undefined;
  return { number: cleaned, digits: cleaned.replace(/^\+/, '') };
}

/** Splits a comma-separated list, dropping blank entries ("1,,2," is two numbers). */
export function splitNumberList(list: string | string[]): string[] {
  const items = Array.isArray(list) ? list : list.split(',');
  return items.map((s) => s.trim()).filter((s) => s !== '');
}
