import { ERROR_CODES, type ErrorCode } from '../../shared/errorCodes.ts';

/** A failure the sandbox answers with: thrown anywhere below a route, sent as the error envelope. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    extra: { details?: Record<string, unknown>; headers?: Record<string, string>; status?: number } = {},
  ) {
    super(message ?? ERROR_CODES[code].meaning);
    this.code = code;
    this.status = extra.status ?? ERROR_CODES[code].status;
    this.details = extra.details;
    this.headers = extra.headers;
  }
}
