import type { OpenApiErrorStatus } from '../interfaces/openapi-route-options.interface';
import type { OpenApiResponse, OpenApiSchema } from '../interfaces/openapi-document.interface';

/** `components.schemas` names of the two error bodies. */
export const HTTP_ERROR_SCHEMA = 'HttpError';
export const BEARER_ERROR_SCHEMA = 'BearerError';

/** What each error status means on these APIs, and the `components.responses` name it is listed under. */
const ERRORS: Record<OpenApiErrorStatus, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'The input was refused: every problem is listed in message.' },
  401: { name: 'Unauthorized', description: 'The bearer token is missing, invalid, expired, revoked or not issued for this API.' },
  402: { name: 'PaymentRequired', description: "The plan's quota is used up; only a new period or a plan change helps." },
  403: { name: 'Forbidden', description: "The caller's role does not allow this, or a signed URL is invalid, expired or used." },
  404: { name: 'NotFound', description: "Nothing with this id in the caller's organization." },
  409: { name: 'Conflict', description: 'The resource is not in a state that allows this, or the Idempotency-Key was used with other arguments.' },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than the route accepts.' },
  415: { name: 'UnsupportedMediaType', description: 'The body is of a media type the route does not accept.' },
  422: { name: 'UnprocessableEntity', description: 'The input is well-formed but cannot be acted upon.' },
  429: { name: 'TooManyRequests', description: 'Too many requests: retry after the Retry-After seconds.' },
  503: { name: 'ServiceUnavailable', description: 'The database is briefly unavailable; the request changed nothing, retry after Retry-After seconds.' },
};

const RETRY_AFTER = { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } as OpenApiSchema };
const CHALLENGE = {
  description: 'RFC 6750 challenge: Bearer realm="…", with error="invalid_token" when a token was sent.',
  schema: { type: 'string' } as OpenApiSchema,
};

/** The reference an operation's response uses for an error status. */
export function errorResponseRef(status: OpenApiErrorStatus): OpenApiResponse {
  return { $ref: `#/components/responses/${ERRORS[status].name}` };
}

/** `components.responses` for the statuses the operations use, in status order. */
export function errorResponses(statuses: Iterable<OpenApiErrorStatus>): Record<string, OpenApiResponse> {
  const responses: Record<string, OpenApiResponse> = {};
  for (const status of [...new Set(statuses)].sort((a, b) => a - b)) {
    const { name, description } = ERRORS[status];
    const schema = { $ref: `#/components/schemas/${status === 401 ? BEARER_ERROR_SCHEMA : HTTP_ERROR_SCHEMA}` };
    const headers: Record<string, typeof RETRY_AFTER> | undefined =
      status === 401 ? { 'WWW-Authenticate': CHALLENGE } : status === 429 || status === 503 ? { 'Retry-After': RETRY_AFTER } : undefined;
    responses[name] = { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema } } };
  }
  return responses;
}
