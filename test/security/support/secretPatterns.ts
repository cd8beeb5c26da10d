// How a secret may appear in a file or a log, for the tests that look for leaks.
/** The byte patterns a secret may take in a file or a log. */
export function patternsOf(secret: string): { form: string; bytes: Buffer }[] {
  const raw = Buffer.from(secret, 'utf8');
  const forms: { form: string; bytes: Buffer }[] = [
    { form: 'text', bytes: raw },
    { form: 'UTF-16', bytes: Buffer.from(secret, 'utf16le') },
    { form: 'hex', bytes: Buffer.from(raw.toString('hex')) },
    { form: 'HEX', bytes: Buffer.from(raw.toString('hex').toUpperCase()) },
    { form: 'URL-encoded', bytes: Buffer.from(encodeURIComponent(secret)) },
  ];
  // Inside a longer base64 text the secret's bytes may start at any offset mod 3: the
  // characters that depend on its bytes alone differ for each.
  for (const alphabet of ['base64', 'base64url'] as const) {
    for (let shift = 0; shift < 3; shift++) {
      const encoded = Buffer.concat([Buffer.alloc(shift), raw]).toString(alphabet);
      const core = encoded.slice(Math.ceil((shift * 4) / 3), Math.floor((shift + raw.length) / 3) * 4);
      forms.push({ form: `${alphabet}+${shift}`, bytes: Buffer.from(core) });
    }
  }
  return forms;
}
