/** The envelope (docs/api.md, Transport) of every answer: `{ code, message, data }`, HTTP status equal to `code`. */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { Code, type Envelope } from '#protocol/codes.ts';
import { isConnectionLoss } from '../db/database.ts';
import { DomainError, type Failure, invalid } from '../domain/errors.ts';
import { parseInput } from '../domain/parse.ts';

export { parseInput, zodMessage } from '../domain/parse.ts';

const CODES: Record<Failure, number> = {
  invalid: Code.badRequest,
  unauthorized: Code.unauthorized,
  paymentRequired: Code.paymentRequired,
  forbidden: Code.forbidden,
  notFound: Code.notFound,
  conflict: Code.conflict,
  tooLarge: Code.tooLarge,
  tooMany: Code.tooMany,
  unavailable: Code.unavailable,
  upstreamFailed: Code.badGateway,
  permissionsChanged: Code.permissionsChanged,
};

/** The envelope code (and HTTP status) of a domain refusal; socket frames carry the same codes (docs/api.md, Transport). */
export function codeOf(error: DomainError): number {
  return CODES[error.failure];
}

/** What a request hears while this instance has lost its database or Redis; another instance may serve it. */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable, try again in a moment';

export function ok<T>(data: T, message: string | null = null): Envelope<T> {
  return { code: Code.ok, message, data };
}

export function sendError(reply: FastifyReply, code: number, message: string): FastifyReply {
  return reply.code(code).type('application/json; charset=utf-8').send({ code, message, data: null });
}

/** Validates a JSON body; the 400 names the field and the rule from the schema's own message. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid('The request body must be a JSON object');
  }
  return parseInput(schema, body);
}

/** Fastify's own client errors, put in words a member can act on. */
function frameworkMessage(error: FastifyError): { code: number; message: string } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: Code.badRequest, message: `The request body is not valid JSON: ${error.message}` };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: Code.badRequest, message: 'The request body is empty but Content-Type is application/json' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: Code.tooLarge, message: 'The request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: Code.badRequest, message: 'Unsupported Content-Type: send application/json' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: Code.badRequest, message: 'Content-Length does not match the body' };
  }
  if (error instanceof SyntaxError || (error as { type?: string }).type === 'entity.parse.failed') {
    return { code: Code.badRequest, message: `The request body is not valid JSON: ${error.message}` };
  }
  return undefined;
}

/**
 * Fastify's `frameworkErrors`: what fails before routing, in the envelope too. A path that is not valid
 * percent-encoded UTF-8 (`/base/%ED%A0%80`, an encoded lone surrogate) is FST_ERR_BAD_URL.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    sendError(reply, Code.badRequest, 'The URL is not valid: a path segment is not percent-encoded UTF-8');
    return;
  }
  const status = error.statusCode ?? Code.serverError;
  sendError(reply, status, status < 500 ? error.message || 'Bad request' : 'error');
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
      return sendError(reply, codeOf(error), error.message);
    }
    const known = frameworkMessage(error);
    if (known) return sendError(reply, known.code, known.message);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Other 4xx from Fastify or a plugin: their message describes the request, not our internals.
      return sendError(reply, status, error.message || 'Bad request');
    }
    if (isConnectionLoss(error)) {
      // The database went away mid-request (availability.ts turns new work away until it is back).
      request.log.warn({ err: error }, 'database connection lost');
      reply.header('Retry-After', '1');
      return sendError(reply, Code.unavailable, UNAVAILABLE_MESSAGE);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, Code.serverError, 'error');
  });
}
