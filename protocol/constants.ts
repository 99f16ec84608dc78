/** Business constants and limits of docs/product.md, Constants, shared by client, worker and server. */

export const PRIMARY_COLOR = '#597CFF';

export const LOCALES = ['zh-cn', 'en-us', 'de-de', 'ko-kr', 'ru-ru', 'es-es', 'ja-jp', 'zh-tw'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-us';

export const API_BASE = '/h5-api';
export const WS_PATH = '/ws';

export const REQUEST_TIMEOUT_MS = 30_000;
export const SOCKET_RETRY_MS = 3_000;
export const PING_INTERVAL_MS = 20_000;
export const PONG_TIMEOUT_MS = 90_000;
export const SEND_RETRY_MS = 1_000;
export const NOTIFICATION_CLOSE_MS = 5_000;
/**
 * Close code of a socket the server replaced because its member opened too many (docs/api.md, WebSocket): the
 * client must not reconnect at once, or two tabs would keep closing each other; it waits until its page is used.
 */
export const SOCKET_REPLACED_CLOSE_CODE = 4429;

export const DAILY_CHARACTERS = 1500;
export const REGISTER_CHARACTERS = 1500;
export const CHARACTERS_PER_GOLD = 75;

export const LIMITS = {
  blessing: 255,
  sign: 255,
  search: 50,
  passwordMin: 4,
  passwordMax: 20,
  usernameMin: 2,
  usernameMax: 20,
  email: 254,
  chatMessage: 2000,
  momentText: 1000,
  momentImages: 9,
  /** A photo's optional alt text (Mastodon allows 1,500; one screen of text is enough). */
  momentAlt: 1000,
} as const;

export const PAGE_SIZES = [5, 10, 20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export const UPLOAD = {
  maxBytes: 5_242_880,
  imageCheckBytes: 2_097_152,
  maxFiles: 5,
  hashSampleBytes: 10_485_760,
  imageTypes: ['image/jpeg', 'image/png'],
  /** Width × height the server decodes at most (a small file can claim a huge canvas: a decompression bomb). */
  maxPixels: 40_000_000,
  /**
   * The `{type}` values of POST /api/file/upload/{type} (docs/api.md, Files): media (chat photos, the default), avatar,
   * image (any other picture of a profile), moment (timeline photos). `video` is reserved and refused for now.
   */
  types: ['media', 'avatar', 'image', 'moment'],
} as const;
export type UploadType = (typeof UPLOAD.types)[number];

/** Token lifetime: 30 days unused (docs/api.md, Authentication). */
export const TOKEN_IDLE_DAYS = 30;
/** Password reset code: 6 digits, valid 15 minutes. */
export const RESET_CODE_MINUTES = 15;
/** Mailed codes (reset and change of e-mail): a new one waits this long after the last request for the same address. */
export const CODE_RESEND_SECONDS = 60;
/** At most this many codes per address (reset) or member (change of e-mail) in 24 hours. */
export const CODES_PER_DAY = 5;
/** A code dies after this many wrong guesses, from any IP; a newer code replaces it anyway. */
export const CODE_MAX_ATTEMPTS = 5;
/** Profile updates per member per minute (PUT update, e-mail change requests). */
export const PROFILE_UPDATES_PER_MINUTE = 10;

/** Remote selects search 200 ms after the last keystroke (docs/product.md, Dialogs and widgets). */
export const REMOTE_SEARCH_DELAY_MS = 200;

/** The avatar cropper (docs/product.md, Uploads): a fixed 200 px box, PNG at quality 1, sources at most 2000 px. */
export const CROPPER = { size: 200, quality: 1, type: 'image/png', maxImage: 2000 } as const;

/** The device's Web Push setting in localStorage (src/features/push/push.device.ts): `{ on, events, key }`. */
export const PUSH_SETTING_KEY = 'amity-push';
