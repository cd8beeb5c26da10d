// The Create API's response envelope, as the client reads it: tolerant of anything the
// service adds (unknown fields are kept), strict only about what the client relies on.
import { z } from 'zod';

export const MetaSchema = z
  .object({
    requestId: z.string(),
    apiVersion: z.string().optional(),
  })
  .loose();

export const PaginationSchema = z
  .object({
    // The spec says string or null; a service that sends a number is read the same way.
    nextCursor: z
      .union([z.string(), z.number()])
      .nullable()
      .transform((cursor) => (cursor === null ? null : String(cursor))),
  })
  .loose();

export type Pagination = z.infer<typeof PaginationSchema>;

export const ErrorBodySchema = z
  .object({
    code: z.string(),
    message: z.string(),
  })
  .loose();

export const ErrorEnvelopeSchema = z
  .object({
    error: ErrorBodySchema,
    meta: MetaSchema.partial().loose().optional(),
  })
  .loose();

export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** The success envelope's frame; `data` is checked separately against the operation's schema. */
export const SuccessEnvelopeSchema = z
  .object({
    data: z.unknown(),
    meta: MetaSchema.partial().loose().optional(),
    pagination: PaginationSchema.optional(),
  })
  .loose();

export type SuccessEnvelope = z.infer<typeof SuccessEnvelopeSchema>;
