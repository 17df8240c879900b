import type { Socket } from 'node:net';
import { type ApiErrorBody, ErrorCode, issuesToFields } from '@podpot/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, errorText } from '../lib/app-error.js';
import { requestLocale } from '../lib/request-locale.js';

const REASON: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
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
 * Every error leaves the API as `{statusCode, error, code, message, fields?}`; never a stack trace. A
 * message from the catalogs (AppError.because) is in the request's language and says so in
 * `Content-Language` (decision 083); other messages are English, for developers.
 * Bad strings and deep bodies are refused before this, by plugins/input-guard.ts; Fastify's answers
 * before routing (a bad URL, an over-long parameter) and a request Node's HTTP parser gives up on, by
 * frameworkErrors and clientErrorHandler below, given to Fastify when it is made.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (!err.text) return sendError(reply, err.statusCode, err.code, err.message, err.fields);
      // A reason the user can act on, in their language; Content-Language tells the web it may show it.
      const locale = requestLocale(request);
      reply.header('content-language', locale);
      return sendError(reply, err.statusCode, err.code, errorText(locale, err.text), err.fields);
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

/**
 * Fastify's `frameworkErrors`: what it answers before a route is found — a URL it cannot decode (400),
 * a path parameter longer than its limit (414) — in our error body.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 414, ErrorCode.BadRequest, 'URI too long');
  if (err.code === 'FST_ERR_BAD_URL') return sendError(reply, 400, ErrorCode.BadRequest, 'Malformed URL');
  return sendError(reply, 500, ErrorCode.Internal, 'Internal server error');
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser gave up on the connection (a request line or
 * headers too long, a broken request, a request slower than `requestTimeout`). There is no request to
 * reply to, only the socket: the answer is written by hand, in our error body, and the socket closed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const statusCode = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message =
    statusCode === 408
      ? 'Request took too long'
      : statusCode === 431
        ? 'Request headers too large'
        : 'Malformed request';
  const body: ApiErrorBody = { statusCode, error: REASON[statusCode]!, code: ErrorCode.BadRequest, message };
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${REASON[statusCode]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  }
  socket.destroy(err);
}
