/**
 * Refusals in domain words. Rules, services and repositories throw these and know nothing of transports; the HTTP
 * layer (plugins/errors.ts) and the socket frame router (realtime/frame-router.ts) each map them to a code.
 */
export type Failure =
  | 'invalid'
  | 'unauthorized'
  | 'paymentRequired'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'tooMany'
  | 'unavailable'
  /** A service we depend on (the translation engine) failed or timed out. */
  | 'upstreamFailed'
  /** The member's permissions changed since this session last read them (498, docs/api.md). */
  | 'permissionsChanged';

/** An expected refusal with a message fit for the member; anything else thrown is a bug (500). */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly failure: Failure;
  /** Seconds until the same attempt may succeed ('tooMany'); transports send it as Retry-After. */
  readonly retryAfter: number | undefined;
  constructor(failure: Failure, message: string, retryAfter?: number) {
    super(message);
    this.failure = failure;
    this.retryAfter = retryAfter;
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const unauthorized = (message: string) => new DomainError('unauthorized', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('notFound', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const tooLarge = (message: string) => new DomainError('tooLarge', message);
export const unavailable = (message: string) => new DomainError('unavailable', message);
export const paymentRequired = (message: string) => new DomainError('paymentRequired', message);
export const upstreamFailed = (message: string) => new DomainError('upstreamFailed', message);
export const permissionsChanged = (message: string) => new DomainError('permissionsChanged', message);
export const tooMany = (message: string, retryAfter: number) => new DomainError('tooMany', message, retryAfter);
