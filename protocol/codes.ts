/** Envelope and socket codes of docs/api.md, Transport; the HTTP status equals the code. */
export const Code = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  paymentRequired: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  permissionsChanged: 498,
  serverError: 500,
  badGateway: 502,
  unavailable: 503,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** Every REST answer, success or failure. */
export interface Envelope<T = unknown> {
  code: number;
  message: string | null;
  data: T;
}
