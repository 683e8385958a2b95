// Field-level errors in the DRF shape the original client reads ({"email": ["..."]}). Resolvers
// throw them as the cause of a TRPCError; the error formatter and the REST shim pass them on.
import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ZodError } from 'zod';

export type FieldErrorMap = Record<string, string[]>;

export class FieldErrors extends Error {
  constructor(readonly fields: FieldErrorMap) {
    super(Object.values(fields)[0]?.[0] ?? 'Invalid input.');
  }
}

/** A 400 whose message is the first field message, with every field message attached. */
export function fieldError(
  field: string,
  message: string,
  code: TRPC_ERROR_CODE_KEY = 'BAD_REQUEST',
): TRPCError {
  return new TRPCError({ code, message, cause: new FieldErrors({ [field]: [message] }) });
}

/** Field messages carried by an error's cause: ours, or zod's input validation. */
export function fieldErrorsOf(cause: unknown): FieldErrorMap | null {
  if (cause instanceof FieldErrors) return cause.fields;
  if (cause instanceof ZodError) {
    const map: FieldErrorMap = {};
    for (const issue of cause.issues) {
      const key = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
      (map[key] ??= []).push(issue.message);
    }
    return map;
  }
  return null;
}

/** Facts an error hands the client besides its sentence, e.g. the result of an already submitted quiz. */
export class ErrorDetails extends Error {
  constructor(
    message: string,
    readonly details: Record<string, string | number>,
  ) {
    super(message);
  }
}

export function errorDetailsOf(cause: unknown): Record<string, string | number> | null {
  return cause instanceof ErrorDetails ? cause.details : null;
}
