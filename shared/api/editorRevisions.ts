// The timeline's revisions as the client reads them (GET /projects/{id}/editor/revisions):
// newest first, each with when it was made and a line saying what its edit did. Tolerant
// like every client schema: unknown fields are kept and ignored.
import { z } from 'zod';

export const RevisionEntrySchema = z
  .object({
    /** "r12": read the timeline as it was then with GET …/editor/revisions/r12. */
    revision: z.string(),
    createdAt: z.string(),
    /** E.g. "Split clip · Trim 3 clips". */
    summary: z.string(),
  })
  .loose();
export type RevisionEntry = z.infer<typeof RevisionEntrySchema>;

/** A revision as the timeline names it: "r" and a whole number. */
export const REVISION_LABEL = /^r\d{1,15}$/;
