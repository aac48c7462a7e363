import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../contract/errors';
import { isRefusedValue } from '../db/dialect';
import { HttpError } from './errors';

/** Fastify's own client errors, reworded for people; anything else keeps Fastify's message. */
const FRIENDLY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length does not match the body.',
  FST_ERR_BAD_URL: 'The URL is not valid.',
};

function clientMessage(error: FastifyError): string {
  return (error.code && FRIENDLY_MESSAGES[error.code]) || error.message;
}

/**
 * The one place an error becomes an answer. Client mistakes keep their 4xx; everything else is
 * logged with its cause and the client learns only that it failed and the request id to quote.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    const body: ApiError = { message: error.message };
    if (error.errors) body.errors = error.errors;
    // A deliberate 5xx (a mail server that failed) still gives the id to quote, as API.md asks.
    if (error.statusCode >= 500) body.request_id = String(request.id);
    return reply.status(error.statusCode).headers(error.headers).send(body);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ message: clientMessage(error) } satisfies ApiError);
  }
  if (isRefusedValue(error)) {
    // The last resort: every number and text is bounded by its contract schema (contract/
    // numbers.ts), so nothing should get here. If something does, a contract lets through a
    // value its column cannot take; log it to fix the schema, and still answer what a
    // validation failure answers (a 422, never a generic 400), though without naming the field.
    request.log.warn({ err: error }, 'database refused a value from the request: a contract schema misses a bound');
    return reply.status(422).send({ message: 'A value in the request is out of range or not valid.' } satisfies ApiError);
  }
  request.log.error({ err: error }, 'request failed');
  return reply
    .status(500)
    .send({ message: 'Internal error', request_id: String(request.id) } satisfies ApiError);
}

/** Errors Fastify raises before routing (a malformed URL): same shape as everything else. */
export function handleFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  return reply.status(400).send({ message: clientMessage(error) } satisfies ApiError);
}

export function sendNotFound(reply: FastifyReply) {
  return reply.status(404).send({ message: 'Not found.' } satisfies ApiError);
}
