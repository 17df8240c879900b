/** The provider's error answer, and the checks of a request body that give it. */

export class SimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Per-field messages, answered as `error.parameters` like OPP's validation errors. */
    readonly parameters?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export type Body = Record<string, unknown>;

export function requireInt(body: Body, field: string, min = 1): number {
  const v = body[field];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) {
    throw new SimError(400, `${field} must be an integer of at least ${min} (cents)`);
  }
  return v;
}

export function requireString(body: Body, field: string): string {
  const v = body[field];
  if (typeof v !== 'string' || v.trim() === '') throw new SimError(400, `${field} is required`);
  return v;
}

export function optionalString(body: Body, field: string): string | null {
  const v = body[field];
  return typeof v === 'string' && v !== '' ? v : null;
}
