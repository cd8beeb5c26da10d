// The leaf of the IPC contract: what every request group is made of (the `request` builder and
// its spec type, and the argument fields many groups share). The group files (./jobs.ts,
// ./media.ts, …) import from here, and shared/ipc.ts assembles them; nothing here imports a
// group, so the contract has no import circle.
import { z } from 'zod';
import { APP_LIMITS, CREATE_LIMITS } from '../limits.ts';
import { atMostCharacters } from '../textRules.ts';

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

/** A workspace named in a request (settings.json's id). */
export const workspaceId = z.string().min(1, 'name a workspace').max(63);

/** A service's base URL as the user types it. */
export const baseUrl = z.string().trim().min(1, 'give the base URL').max(2048);

/** A workspace's name, counted in characters as the limit says. */
export const workspaceName = z
  .string()
  .trim()
  .min(1, 'give the workspace a name')
  .refine(
    atMostCharacters(APP_LIMITS.workspaceName.max),
    `a workspace name is at most ${APP_LIMITS.workspaceName.max} characters`,
  );

/** An API key as pasted: one unbroken line. */
export const apiKey = z
  .string()
  .trim()
  .min(1, 'paste the API key')
  .max(4096, 'an API key is at most 4096 characters')
  .regex(/^\S+$/, 'paste the key as one unbroken line, without spaces');
