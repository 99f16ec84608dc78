/** The socket server's limits and close codes, in one place (docs/api.md, WebSocket). */
import { SOCKET_REPLACED_CLOSE_CODE } from '#protocol/constants.ts';

/** The token is unknown or was revoked (logout, password change or reset): a `{code: 401}` frame, then this. */
export const UNAUTHORIZED_CLOSE_CODE = 4401;
/** Nothing arrived on the socket (not even a ping) for WS_IDLE_CLOSE_MS. */
export const IDLE_CLOSE_CODE = 4408;
/** The member opened more than MAX_SOCKETS_PER_MEMBER sockets on this instance: the oldest is closed with this. */
export const SOCKET_LIMIT_CLOSE_CODE = SOCKET_REPLACED_CLOSE_CODE;
export const SOCKET_LIMIT_REASON = 'too many sockets: a newer one replaced this';
/** Standard WebSocket "policy violation": the socket kept sending over its frame budget for FLOOD_GRACE_MS. */
export const FLOOD_CLOSE_CODE = 1008;
export const FLOOD_REASON = 'too many messages for too long';

/** Sockets one member may hold open at once on one instance (tabs, devices). */
export const MAX_SOCKETS_PER_MEMBER = 10;
/** At most one 429 frame per socket in this time; frames refused beyond it get no answer at all. */
export const TOO_MANY_ANSWER_INTERVAL_MS = 1000;
/** A socket still over its budget this long after it first went over is closed (FLOOD_CLOSE_CODE). */
export const FLOOD_GRACE_MS = 5000;
/** A flood ends when the socket stays this long without a refused frame; the next one starts the grace again. */
export const FLOOD_QUIET_MS = 1000;
