/** The signed form upload (docs/api.md, Files): what GET /api/file/cos/sign answers, as Tencent COS names it. */
export interface CosSign {
  path: string;
  filename: string;
  url: string;
  policy: string;
  'q-sign-algorithm': 'sha1';
  'q-ak': string;
  /** `start;end` in Unix seconds. */
  'q-key-time': string;
  'q-signature': string;
  'x-oss-security-token'?: string;
}

/** The client reuses a signature until this long before its q-key-time ends (docs/product.md, Uploads). */
export const SIGN_REUSE_MARGIN_MS = 180_000;
