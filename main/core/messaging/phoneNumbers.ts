// Phone numbers as the user types them ("(212) 555-0142", "+44 20 7946 0000"), read with
// libphonenumber-js for the workspace's default country and sent as E.164 (+12125550142), so
// the service sees one spelling per number. Without a default country, every number needs
// its +country code.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** The number in E.164 when it is a valid phone number for that country (or carries its own +code). */
export function toE164(raw: string, defaultCountry: CountryCode | null): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), defaultCountry ?? undefined);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * A sender ID: an approved number, which the numbering plan may not list as assigned (test
 * and short-lived ranges), so a number of a possible length is enough.
 */
export function senderToE164(raw: string, defaultCountry: CountryCode | null): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), defaultCountry ?? undefined);
  return parsed?.isPossible() ? parsed.number : null;
}

export interface NormalisedNumbers {
  numbers: string[];
  /** The entries that are not valid numbers, as given, in order. */
  invalid: string[];
}

export function normaliseNumbers(raw: readonly string[], defaultCountry: CountryCode | null): NormalisedNumbers {
  const numbers: string[] = [];
  const invalid: string[] = [];
  for (const entry of raw) {
    const number = toE164(entry, defaultCountry);
    if (number) numbers.push(number);
    else invalid.push(entry);
  }
  return { numbers, invalid };
}
