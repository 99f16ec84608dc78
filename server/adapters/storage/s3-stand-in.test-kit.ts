/**
 * Tests only: a stand-in S3 on loopback that speaks S3's REST wire format for PUT, GET (with Range), HEAD and DELETE
 * Object, path style, and checks every request's Signature Version 4 as S3 does (its own code, not sigv4.ts, so a
 * mistake in the client's signer cannot hide behind the same mistake here): wrong key, wrong signature, a payload
 * that does not match x-amz-content-sha256, or a date 15 minutes off answer 403 with S3's XML error.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandIn {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { bytes: Buffer; type: string }>;
  /** `METHOD key status` of every request, in order. */
  log: string[];
  close(): Promise<void>;
}

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const mac = (k: Buffer | string, d: string) => createHmac('sha256', k).update(d).digest();

function xmlError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

function encode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The signature S3 would expect for this request, or a reason it cannot be checked. */
function check(req: IncomingMessage, body: Buffer, s: StandIn, now: Date): string | undefined {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
  if (!auth) return 'AccessDenied';
  const [, keyId, date, region, signed, signature] = auth as unknown as string[];
  if (keyId !== s.accessKeyId) return 'InvalidAccessKeyId';
  if (region !== s.region) return 'AuthorizationHeaderMalformed';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!when || amzDate.slice(0, 8) !== date) return 'AccessDenied';
  const at = Date.UTC(+when[1]!, +when[2]! - 1, +when[3]!, +when[4]!, +when[5]!, +when[6]!);
  if (Math.abs(at - now.getTime()) > 15 * 60_000) return 'RequestTimeTooSkewed';
  const payload = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payload !== sha(body)) return 'XAmzContentSHA256Mismatch';
  const names = signed!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date') || !names.includes('x-amz-content-sha256')) {
    return 'AccessDenied';
  }
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?');
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((p) =>
      p
        .split('=')
        .map((x) => encode(decodeURIComponent(x ?? '')))
        .join('='),
    )
    .sort()
    .join('&');
  const headers = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [req.method, rawPath, query, headers, signed, payload].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, `${date}/${region}/s3/aws4_request`, sha(canonical)].join('\n');
  const key = mac(mac(mac(mac(`AWS4${s.secretAccessKey}`, date!), region!), 's3'), 'aws4_request');
  const expected = createHmac('sha256', key).update(toSign).digest('hex');
  return expected === signature ? undefined : 'SignatureDoesNotMatch';
}

export async function startStandIn(options: { now?: () => Date } = {}): Promise<StandIn> {
  const now = options.now ?? (() => new Date());
  const state = {
    bucket: 'amity-test',
    region: 'eu-central-1',
    accessKeyId: 'AKIDSTANDIN0000000001',
    secretAccessKey: 'stand-in-secret/key+with=chars',
    objects: new Map<string, { bytes: Buffer; type: string }>(),
    log: [] as string[],
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const [, bucket, ...rest] = (req.url ?? '/').split('?')[0]!.split('/');
      const key = decodeURIComponent(rest.join('/'));
      const done = (status: number) => state.log.push(`${req.method} ${key} ${status}`);
      const refused = check(req, body, standIn, now());
      if (refused) {
        done(403);
        return xmlError(
          res,
          403,
          refused,
          'The request signature we calculated does not match the signature you provided.',
        );
      }
      if (bucket !== state.bucket) {
        done(404);
        return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      }
      const found = state.objects.get(key);
      if (req.method === 'PUT') {
        state.objects.set(key, { bytes: body, type: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        done(200);
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      if (req.method === 'DELETE') {
        state.objects.delete(key);
        done(204);
        res.writeHead(204);
        return res.end();
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        done(405);
        return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed');
      }
      if (!found) {
        done(404);
        if (req.method === 'HEAD') {
          res.writeHead(404);
          return res.end();
        }
        return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      }
      const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
      let bytes = found.bytes;
      let status = 200;
      const headers: Record<string, string> = { 'content-type': found.type, 'accept-ranges': 'bytes' };
      if (range && req.method === 'GET') {
        const start = Number(range[1]);
        const end = range[2] ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
        headers['content-range'] = `bytes ${start}-${end}/${bytes.length}`;
        bytes = bytes.subarray(start, end + 1);
        status = 206;
      }
      headers['content-length'] = String(bytes.length);
      done(status);
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn: StandIn = {
    ...state,
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  // The same maps, so tests see what the server stored.
  standIn.objects = state.objects;
  standIn.log = state.log;
  return standIn;
}
