// Plain words for editor commands: the undo history, the pending list and the conflict
// review say "Trim clip", "Move 3 clips", never a command's JSON.
import type { EditorCommand } from './editorCommands.ts';

const VERBS: Record<EditorCommand['type'], string> = {
  addTrack: 'Add track',
  removeTrack: 'Remove track',
  updateTrack: 'Change track',
  moveTrack: 'Move track',
  addClip: 'Add clip',
  moveClip: 'Move clip',
  trimClip: 'Trim clip',
  splitClip: 'Split clip',
  removeClip: 'Delete clip',
  linkClips: 'Link clips',
  unlinkClips: 'Unlink clips',
  setClipProperties: 'Set properties',
  applyEffect: 'Apply effect',
  removeEffect: 'Remove effect',
  setClipFit: 'Set fit',
  setTransition: 'Set transition',
  addCaption: 'Add caption',
  updateCaption: 'Change caption',
  setKeyframes: 'Set keyframes',
  freezeFrame: 'Freeze frame',
  addMarker: 'Add marker',
  updateMarker: 'Change marker',
  removeMarker: 'Remove marker',
  removeRanges: 'Cut ranges',
  restoreRanges: 'Restore ranges',
};

/** "Move clip", "Move 3 clips", "Ripple delete", or a mix ("Add clip + Set properties"; the revision list joins with " · "). */
export function describeCommands(commands: readonly EditorCommand[], separator = ' + '): string {
  const counts = new Map<string, number>();
  for (const command of commands) {
    const verb = command.type === 'removeClip' && command.ripple ? 'Ripple delete' : VERBS[command.type];
    counts.set(verb, (counts.get(verb) ?? 0) + 1);
  }
  const parts = [...counts].map(([verb, n]) => {
    if (n === 1) return verb;
    if (/ (clip|caption|marker)$/.test(verb)) return verb.replace(/ (clip|caption|marker)$/, ` ${n} $1s`);
    return `${verb} ×${n}`;
  });
  return parts.slice(0, 3).join(separator) + (parts.length > 3 ? `${separator}…` : '');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** One command in words, with the clip's name given by `name`. */
export function describeCommand(command: EditorCommand, name: (clipId: string) => string): string {
  switch (command.type) {
    case 'addClip':
      return `Add asset ${command.assetId} at ${seconds(command.startMs)}`;
    case 'moveClip':
      return `Move ${name(command.clipId)} to ${seconds(command.startMs)}${command.trackId ? ' on another track' : ''}`;
    case 'trimClip': {
      const parts = [
        command.inMs !== undefined && `in ${seconds(command.inMs)}`,
        command.outMs !== undefined && `out ${seconds(command.outMs)}`,
        command.startMs !== undefined && `start ${seconds(command.startMs)}`,
      ].filter(Boolean);
      return `Trim ${name(command.clipId)}: ${parts.join(', ')}`;
    }
    case 'splitClip':
      return `Split ${name(command.clipId)} at ${seconds(command.atMs)}`;
    case 'removeClip':
      return `${command.ripple ? 'Ripple delete' : 'Delete'} ${name(command.clipId)}`;
    case 'setClipProperties':
      return `Set ${Object.entries(command.properties)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')} on ${name(command.clipId)}`;
    case 'applyEffect':
      return `Apply ${command.effectId} to ${name(command.clipId)}`;
    case 'removeEffect':
      return `Remove ${command.effectId} from ${name(command.clipId)}`;
    case 'setClipFit':
      return `Fit ${name(command.clipId)}: ${command.fit}`;
    case 'setTransition': {
      const way = command.edge === 'out' ? 'out of' : 'into';
      return command.transitionId === null
        ? `Cut ${way} ${name(command.clipId)} (no transition)`
        : `${command.transitionId} ${way} ${name(command.clipId)}`;
    }
    case 'setKeyframes':
      return command.keyframes.length === 0
        ? `Remove ${command.property} keyframes from ${name(command.clipId)}`
        : `${command.keyframes.length} ${command.property} keyframe${command.keyframes.length === 1 ? '' : 's'} on ${name(command.clipId)}`;
    case 'freezeFrame':
      return `Freeze ${name(command.clipId)} at ${seconds(command.atMs)} for ${seconds(command.durationMs)}`;
    case 'addCaption':
      return `Add caption "${command.text}" at ${seconds(command.startMs)}`;
    case 'updateCaption':
      return `Change caption ${name(command.clipId)}`;
    case 'addMarker':
      return `Add marker "${command.name}" at ${seconds(command.atMs)}`;
    case 'updateMarker':
      return command.atMs !== undefined ? `Move marker to ${seconds(command.atMs)}` : 'Change marker';
    case 'removeRanges':
    case 'restoreRanges': {
      const total = command.ranges.reduce((sum, r) => sum + Math.max(0, r.endMs - r.startMs), 0);
      const n = command.ranges.length;
      const verb = command.type === 'removeRanges' ? 'Cut' : 'Restore';
      return `${verb} ${n} range${n === 1 ? '' : 's'} (${seconds(total)})`;
    }
    default:
      return VERBS[command.type];
  }
}
