// Where a request from either transport meets the core: the name must be in the contract,
// the argument must pass the contract's zod schema (the renderer is never trusted), and
// whatever goes wrong comes back as a plain AppError, never a thrown Error.
import { AppFailure, appError, toAppError, type AppError } from '../../../shared/appError.ts';
import {
  REQUESTS,
  isRequestName,
  type ContractHandlers,
  type IpcReply,
  type RequestName,
  type RequestResult,
  type ValidRequestArg,
} from '../../../shared/ipc.ts';
import { SettingsValidationError } from '../settings/settingsService.ts';
import { appFailure } from '../errors/appErrors.ts';

/** Handlers that take anything and validate it first: what the transports call. */
export type CheckedHandlers = { [N in RequestName]: (arg: unknown) => Promise<RequestResult<N>> };

/** The argument, validated; a bad one is refused with request.invalid naming the field. */
export function checkArg<N extends RequestName>(name: N, arg: unknown): ValidRequestArg<N> {
  const parsed = REQUESTS[name].arg.safeParse(arg);
  if (parsed.success) return parsed.data as ValidRequestArg<N>;
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || 'argument'}: ${issue.message}`);
  throw new AppFailure(appError('request.invalid', `Invalid argument of ${name}. ${issues.join('; ')}`));
}

export function checkedHandlers(handlers: ContractHandlers): CheckedHandlers {
  const checked: Partial<Record<RequestName, (arg: unknown) => Promise<unknown>>> = {};
  for (const name of Object.keys(REQUESTS) as RequestName[]) {
    const handler = handlers[name] as (arg: unknown) => Promise<unknown>;
    checked[name] = async (arg: unknown) => handler(checkArg(name, arg));
  }
  return checked as CheckedHandlers;
}

/** Any failure as the AppError the renderer shows. */
export function wireError(err: unknown): AppError {
  if (err instanceof SettingsValidationError) return appError('settings.invalid', err.message);
  return toAppError(err);
}

/** Runs one request from a transport; never throws. */
export async function dispatchRequest(
  handlers: CheckedHandlers,
  name: unknown,
  arg: unknown,
  log: (line: string) => void = () => {},
): Promise<IpcReply> {
  if (!isRequestName(name))
    return {
      ok: false,
      error: toAppError(
        appFailure('ipc.unknown_request', `There is no request "${String(name).slice(0, 100)}" in the contract.`),
      ),
    };
  try {
    return { ok: true, value: await handlers[name](arg) };
  } catch (err) {
    const error = wireError(err);
    if (error.code === 'client.internal')
      log(`${name} failed unexpectedly: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return { ok: false, error };
  }
}
