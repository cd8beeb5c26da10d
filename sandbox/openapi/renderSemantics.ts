// The written semantics of a timeline's picture and sound (docs/render-semantics.md), as
// the render operation's description in /openapi.json: client authors (the app's live
// preview among them) implement against that text, and the sandbox's renderer follows it.
// The page ships with the sandbox (electron-builder.yml), so there is one text, not two.
import { readFileSync } from 'node:fs';

const PAGE = new URL('../../docs/render-semantics.md', import.meta.url);

let text: string | null = null;

export function renderSemantics(): string {
  text ??= readFileSync(PAGE, 'utf8')
    // The page's own title: the operation has its summary.
    .replace(/^# .*\n+/, '');
  return text;
}
