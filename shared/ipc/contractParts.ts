// The leaf of the IPC contract: what every request group is made of (the `request` builder and
// its spec type, and the argument fields many groups share). The group files (./jobs.ts,
// ./media.ts, …) import from here, and shared/ipc.ts assembles them; nothing here imports a
// group, so the contract has no import circle.
import { z } from 'zod';
import { CREATE_LIMITS } from '../limits.ts';

/** A request's argument schema, and its result type carried as a phantom (never a value). */
export interface RequestSpec<Arg extends z.ZodType, Result> {
  readonly arg: Arg;
  readonly __result?: Result;
}

export function request<Result>() {
  return <Arg extends z.ZodType>(arg: Arg): RequestSpec<Arg, Result> => ({ arg });
}

/** A request that takes no argument. */
export const none = z.undefined();

/** A Create API id (project, asset, generation…). */
export const id = z
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(CREATE_LIMITS.idMax, `must be at most ${CREATE_LIMITS.idMax}`);

/** A list's page: how many, and where the previous page ended. */
export const pageQuery = {
  limit: z
    .int('must be a whole number')
    .min(CREATE_LIMITS.pageSize.min)
    .max(CREATE_LIMITS.pageSize.max, `must be at most ${CREATE_LIMITS.pageSize.max}`)
    .optional(),
  /** The previous page's nextCursor. */
  after: z.string().min(1).max(200).optional(),
};
