// The timeline's revisions as the client reads them (GET /projects/{id}/editor/revisions):
// newest first, each with when it was made, a line saying what its edit did and who sent it. Tolerant
// like every client schema: unknown fields are kept and ignored.
import { z } from 'zod';

export const RevisionEntrySchema = z
  .object({
    /** "r12": read the timeline as it was then with GET …/editor/revisions/r12. */
    revision: z.string(),
    createdAt: z.string(),
    /** E.g. "Split clip · Trim 3 clips". */
    summary: z.string(),
    /** Who sent the edit: an API key (name, last four) or a signed-in session; null or absent when the service does not say. */
    author: z
      .object({ kind: z.string(), name: z.string(), lastFour: z.string().nullable().optional() })
      .loose()
      .nullable()
      .optional(),
  })
  .loose();
export type RevisionEntry = z.infer<typeof RevisionEntrySchema>;

/** A revision as the timeline names it: "r" and a whole number. */
export const REVISION_LABEL = /^r\d{1,15}$/;
