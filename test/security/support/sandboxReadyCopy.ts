// The local service exactly as the app runs it (the core spawns this instead of
// sandbox/main.ts), except that its READY line is also appended to the file named by
// CLIPDESK_TEST_READY_FILE: the app keeps the demo logins and the admin token to itself,
// and sandboxSecretsAtRest.test.ts needs them to use the service as a person would.
import { appendFileSync } from 'node:fs';

const file = process.env.CLIPDESK_TEST_READY_FILE;
if (!file) throw new Error('CLIPDESK_TEST_READY_FILE is not set');
const write = process.stdout.write.bind(process.stdout) as (chunk: string | Uint8Array) => boolean;
process.stdout.write = ((chunk: string | Uint8Array) => {
  const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  if (text.startsWith('SANDBOX READY ')) appendFileSync(file, text);
  return write(chunk);
}) as typeof process.stdout.write;

await import('../../../sandbox/main.ts');
