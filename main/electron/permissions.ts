// What the page may be granted: writing text to the clipboard (every Copy button), and only
// from the app's own page in its main frame. Everything else (camera, notifications,
// geolocation, reading the clipboard, …) is refused, asked or merely checked. Pure, so the
// decisions are tested without Electron.

/** The one permission the app's page is given: a clipboard write the user's click asked for. */
export const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export interface PermissionAsker {
  /** The permission's name as Electron gives it. */
  readonly permission: string;
  /** The URL (or origin) of the frame that asks. */
  readonly url: string | null | undefined;
  readonly isMainFrame: boolean;
}

function originOf(url: string | null | undefined): string | null {
  const parsed = url ? URL.parse(url) : null;
  // URL.origin is "null" for non-special schemes such as clipdesk:, so it is rebuilt.
  return parsed ? `${parsed.protocol}//${parsed.host}` : null;
}

export function permissionAllowed(asker: PermissionAsker, appOrigin: string): boolean {
  return GRANTED_PERMISSIONS.has(asker.permission) && asker.isMainFrame && originOf(asker.url) === appOrigin;
}
