import { ErrorCode } from '@podpot/domain';
import { z } from 'zod';

/** The error body, for the OpenAPI document. */
export const ErrorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  fields: z
    .record(z.string(), z.object({ key: z.string(), params: z.record(z.string(), z.unknown()).optional() }))
    .optional(),
});

/** Common error answers, spread into a route's `response` schema. */
export const errors = {
  400: ErrorBodySchema.describe('Invalid input; `fields` names each bad field'),
  401: ErrorBodySchema.describe('No or invalid bearer token'),
  403: ErrorBodySchema.describe('Signed in, but not allowed'),
  404: ErrorBodySchema.describe('Not found (also for things you may not see)'),
  409: ErrorBodySchema.describe('Conflicts with the current state'),
  429: ErrorBodySchema.describe('Rate limited'),
} as const;

export const NoContent = z.null().describe('No content');
