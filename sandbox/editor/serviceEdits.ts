// A command list applied as the service applies it: the one timeline applier
// (shared/timeline/applyCommands.ts) with everything the service knows (its own catalog,
// every asset of the account and whether the project may use it), and a refusal turned
// into the service's error: 400 with the stable code, naming the command, its index and
// the field to change.
import { applyToTracks, EditRejected, type ApplyContext } from '../../shared/timeline/applyCommands.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import type { ClipPlaces, TrackIndex } from '../../shared/timeline/trackIndex.ts';
import type { Catalog } from '../../shared/timeline/timelineTypes.ts';
import { ApiError } from '../http/apiError.ts';
import { catalog } from './editorCatalog.ts';
import type { Command, Marker, Track } from './timelineSchemas.ts';

export interface AssetFacts {
  kind: 'image' | 'video' | 'audio';
  durationMs: number | null;
  /** Belongs to the project or is a brand asset attached to it. */
  usable: boolean;
}

export interface ApplyDeps {
  /** The asset's facts, or undefined when the account has no such asset. */
  asset(id: number): AssetFacts | undefined;
  newId(): string;
}

/** The catalog the service checks commands against: the one it serves (GET /editor/catalog). */
const SERVICE_CATALOG: Catalog = catalog();

/** The service's error for a command list the applier refused; nothing was applied. */
export function rejectionError(err: EditRejected): ApiError {
  const { commandIndex, commandType, field } = err;
  return new ApiError(
    err.code,
    `commands[${commandIndex}] ${commandType}${field ? `, ${field}` : ''}: ${err.message} Nothing was applied.`,
    { details: { commandIndex, commandType, field } },
  );
}

/** The working copy with the list applied (its tracks and markers, and what it changed); `places` indexes `stored`. */
export function applyOnService(
  stored: readonly Track[],
  commands: readonly Command[],
  deps: ApplyDeps,
  places?: ClipPlaces,
  markers?: readonly Marker[],
): TrackIndex {
  const ctx: ApplyContext = {
    catalog: SERVICE_CATALOG,
    // The service knows every asset of the account: one it does not know does not exist.
    asset: (id) => deps.asset(id) ?? null,
    newId: deps.newId,
  };
  try {
    return applyToTracks(stored, commands as readonly EditorCommand[], ctx, places, markers);
  } catch (err) {
    throw err instanceof EditRejected ? rejectionError(err) : err;
  }
}
