// Where the user was, named without zod: the left rail's screens and the key a project's
// timeline zoom is kept under. The shell's first screen imports these, and must not bring
// the validation library with it (renderer/README.md, "Start-up budget");
// preferencesView.ts builds its schemas on them.

/** The screens of the left rail, in its order. */
export const SCREEN_NAMES = [
  'Projects',
  'Media',
  'Generate',
  'Timeline',
  'Exports',
  'Jobs',
  'Messaging',
  'Settings',
] as const;
export type ScreenName = (typeof SCREEN_NAMES)[number];

/** A project's timeline zoom is kept under "<workspace id>/<project id>". */
export function zoomKey(workspaceId: string, projectId: number): string {
  return `${workspaceId}/${projectId}`;
}
