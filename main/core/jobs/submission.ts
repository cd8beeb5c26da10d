// Turns what the user asked for into the exact request an intent will send, checking it
// first (DESIGN rule 7): bad input is refused with an AppError naming the field, before an
// intent, a key or a request exists, so it costs nothing.
import type { z } from 'zod';
import { AppFailure, appError } from '../../../shared/appError.ts';
import { CREATE_LIMITS } from '../../../shared/limits.ts';
import type { IntentRequest } from '../journal/intents.ts';
import { jobKindSpec, type JobKindSpec, type PathParam, type PathParams } from './jobKinds.ts';

const PARAM_NAMES: Record<PathParam, string> = { projectId: 'projectId', assetId: 'assetId' };

function invalid(message: string): AppFailure {
  return new AppFailure(appError('request.invalid', message));
}

function checkedId(value: unknown, name: string, noun: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > CREATE_LIMITS.idMax) {
    throw new AppFailure(
      appError(
        'request.invalid_id',
        `${name} must be a whole number from 1 to ${CREATE_LIMITS.idMax} to start a ${noun}, not ${JSON.stringify(value) ?? 'nothing'}.`,
      ),
    );
  }
  return value;
}

function checkedInput(spec: JobKindSpec, input: unknown): unknown {
  if (input === undefined && !spec.inputRequired) return {};
  const result = (spec.input as z.ZodType).safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : spec.noun}: ${issue.message}`);
  throw invalid(`Invalid ${spec.noun}. ${issues.join('; ')}`);
}

/**
 * The request to journal for this kind of work, with its path parameters and body
 * checked. Throws AppFailure (request.invalid or request.invalid_id) otherwise.
 */
export function checkedSubmission(kind: string, params: PathParams, input: unknown): IntentRequest {
  const spec = jobKindSpec(kind);
  if (spec === null) throw invalid(`There is no kind of work called "${kind}".`);
  const checked: Record<string, number> = {};
  for (const param of spec.pathParams) checked[param] = checkedId(params[param], PARAM_NAMES[param], spec.noun);
  return {
    method: spec.method,
    path: spec.submitPath(checked as Required<PathParams>),
    body: checkedInput(spec, input),
  };
}
