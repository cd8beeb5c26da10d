// A track's mix and switches as the API shows them on every track (GET …/editor/timeline)
// and takes them in updateTrack: gain, pan, solo, hidden and sync lock.
import { z } from 'zod';
import { TRACK_GAIN_DB } from '../../shared/timeline/timelineRules.ts';

export const TRACK_MIX_FIELDS = {
  gainDb: z
    .number()
    .describe(
      `The track's gain in dB (${TRACK_GAIN_DB.min} to +${TRACK_GAIN_DB.max}; 0 by default), applied to the sound of every clip on it after the clip's own volume.`,
    ),
  pan: z
    .number()
    .describe(
      'Where the track sounds, from -1 (left) through 0 (centre, the default) to 1 (right), by a constant-power law: left gain √2·cos(π(pan+1)/4), right gain √2·sin(π(pan+1)/4), so a centred track is unchanged and a hard pan silences the other side.',
    ),
  solo: z
    .boolean()
    .describe('When any track is soloed, only soloed tracks sound (a muted track stays silent). False by default.'),
  hidden: z
    .boolean()
    .describe(
      'A hidden video or caption track is not drawn (its sound still plays). Audio tracks are never hidden. False by default.',
    ),
  syncLocked: z
    .boolean()
    .describe(
      'Ripple edits (a ripple delete or trim, an insert, a text cut) move the sync-locked tracks in step, keeping picture and sound in sync. True by default.',
    ),
};

export const TRACK_MIX_INPUT = {
  gainDb: z
    .number()
    .min(TRACK_GAIN_DB.min, `must be at least ${TRACK_GAIN_DB.min} dB`)
    .max(TRACK_GAIN_DB.max, `must be at most +${TRACK_GAIN_DB.max} dB`)
    .optional()
    .describe(`The track's gain, ${TRACK_GAIN_DB.min} to +${TRACK_GAIN_DB.max} dB.`),
  pan: z
    .number()
    .min(-1, 'must be at least -1 (left)')
    .max(1, 'must be at most 1 (right)')
    .optional()
    .describe('-1 (left) to 1 (right).'),
  solo: z.boolean().optional(),
  hidden: z.boolean().optional().describe('Video and caption tracks only.'),
  syncLocked: z.boolean().optional(),
};
