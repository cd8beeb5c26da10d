// The user's tunnel command (e.g. `cloudflared tunnel --url http://127.0.0.1:{port}` or
// `ngrok http {port} --log stdout`): split into a program and its arguments without a
// shell, and the public URL read out of what it prints.
import { AppFailure, appError } from '../../../shared/appError.ts';

export const PORT_PLACEHOLDER = '{port}';

function invalid(message: string): AppFailure {
  return new AppFailure(appError('tunnel.command_invalid', message));
}

/**
 * Splits a command line as a POSIX shell would split words, and nothing more: no
 * variables, globs, pipes or redirections. '…' keeps everything literally; "…" and
 * a bare backslash escape only quotes, backslashes and spaces, so Windows paths such
 * as C:\tools\cloudflared.exe keep their backslashes.
 */
export function splitCommandLine(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
      continue;
    }
    if (c === '\\') {
      const next = command[i + 1];
      const escapable = quote === '"' ? next === '"' || next === '\\' : next !== undefined && /[\s'"\\]/.test(next);
      if (escapable) {
        word += next;
        i++;
      } else word += c;
      inWord = true;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = null;
      else word += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote)
    throw invalid(
      `The tunnel command has an unclosed ${quote === "'" ? 'single' : 'double'} quote: close it, or remove it.`,
    );
  if (inWord) words.push(word);
  return words;
}

/** The program and arguments to spawn, with {port} replaced by the receiver's port in each argument. */
export function parseTunnelCommand(command: string, port: number): { program: string; args: string[] } {
  const words = splitCommandLine(command);
  if (words.length === 0)
    throw invalid(
      'The tunnel command is empty: enter the command that starts your tunnel, e.g. cloudflared tunnel --url http://127.0.0.1:{port}.',
    );
  if (!words.some((word) => word.includes(PORT_PLACEHOLDER))) {
    throw invalid(
      `The tunnel command must contain ${PORT_PLACEHOLDER} where the receiver's local port goes (it changes at each start), e.g. cloudflared tunnel --url http://127.0.0.1:{port}.`,
    );
  }
  const [program, ...args] = words.map((word) => word.replaceAll(PORT_PLACEHOLDER, String(port)));
  return { program: program!, args };
}

// An https origin standing on its own (optionally with a trailing slash): cloudflared's
// boxed "|  https://x.trycloudflare.com  |", ngrok's "url=https://x.ngrok-free.app",
// JSON logs' "url":"https://…". Links with a path (documentation, terms) are not tunnels.
const BARE_HTTPS_ORIGIN =
  /https:\/\/((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9])(:\d{1,5})?\/?(?=$|[\s|"'`,;)\]>]|\.(?:$|\s))/gi;
const NOT_PUBLIC_HOSTS = /(^|\.)(localhost|local|internal|lan|test|invalid|example)$/i;

/** The first public https origin (no path) in a line of the tunnel's output, e.g. https://abc.trycloudflare.com. */
export function tunnelUrlIn(line: string): string | null {
  for (const match of line.matchAll(BARE_HTTPS_ORIGIN)) {
    const url = URL.parse(match[0]);
    if (url && !NOT_PUBLIC_HOSTS.test(url.hostname)) return url.origin;
  }
  return null;
}
