import { type ApiErrorBody, ErrorCode, issuesToFields } from '@podpot/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.js';

const REASON: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
};

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string,
  fields?: ApiErrorBody['fields'],
) {
  const body: ApiErrorBody = { statusCode, error: REASON[statusCode] ?? 'Error', code, message };
  if (fields) body.fields = fields;
  return reply.status(statusCode).type('application/json').send(body);
}

/**
 * Every error leaves the API as `{statusCode, error, code, message, fields?}`; never a stack trace.
 * Bad strings and deep bodies are refused before this, by plugins/input-guard.ts.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return sendError(reply, err.statusCode, err.code, err.message, err.fields);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Rebuild the zod issues so the domain maps them to the same keys the web forms use.
      const issues = err.validation.map(
        (v) =>
          ({
            ...(v.params as object),
            code: v.keyword,
            message: v.message ?? '',
            path: v.instancePath.split('/').filter(Boolean),
          }) as unknown as z.core.$ZodIssue,
      );
      const fields = issuesToFields(issues);
      const where = err.validationContext ?? 'request';
      const first = Object.keys(fields)[0];
      return sendError(reply, 400, ErrorCode.Validation, `Invalid ${where}${first ? `: ${first}` : ''}`, fields);
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response does not match its schema');
      return sendError(reply, 500, ErrorCode.Internal, 'Internal server error');
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return sendError(reply, 429, ErrorCode.RateLimited, 'Too many requests, try again later');
    if (status === 413) return sendError(reply, 413, ErrorCode.PayloadTooLarge, 'Request body is too large');
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, …
      return sendError(reply, status, ErrorCode.BadRequest, err.message);
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(reply, 500, ErrorCode.Internal, 'Internal server error');
  });
}
