/** HTTP face of docs/api.md, Files: POST /api/file/upload/{type}, multipart field `file`. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD } from '#protocol/constants.ts';
import { createStorage } from '../../adapters/storage/storage.ts';
import type { AppContext } from '../../context.ts';
import { invalid, tooLarge } from '../../domain/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';
import { WindowLimiter } from '../../plugins/rate-limit.ts';
import { COS_FORM_URL } from './cos.rules.ts';
import { DEFAULT_UPLOAD_TYPE } from './files.rules.ts';
import { type AttemptCounter, admitCosForm, admitUpload, signCos, storeImage, storeUpload } from './files.service.ts';

export const UPLOAD_LIMITS = { fileSize: UPLOAD.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 };
export const TOO_LARGE = 'File is larger than 5 MB';

async function readFileField(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw invalid('Send the image as multipart/form-data field file');
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file') return await part.toBuffer();
      if (part.type === 'file') part.file.resume(); // Another file field: drain it, it is not ours.
    }
  } catch (error) {
    throw uploadError(error);
  }
  throw invalid('file is required');
}

function uploadError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(TOO_LARGE);
  if (code === 'FST_FILES_LIMIT') return invalid('Send one file at a time');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return invalid('Too many form fields');
  return error;
}

/** One upload counter per app (direct and form uploads count together), made on first use. */
const limiters = new WeakMap<AppContext, AttemptCounter>();
function perMinuteOf(ctx: AppContext): AttemptCounter {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    // In-process like the sign-in limits: right while one server owns a DATA_DIR; the byte quota is in the database.
    limiter = new WindowLimiter(ctx.config.uploads.perMin, 60_000);
    limiters.set(ctx, limiter);
  }
  return limiter;
}

type UploadRequest = FastifyRequest<{ Params: { type?: string } }>;

export function filesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = requireAuth(ctx.db, ctx.now);
  const storage = createStorage(ctx.config);
  const perMinute = perMinuteOf(ctx);
  const typeOf = (request: UploadRequest) => request.params.type ?? DEFAULT_UPLOAD_TYPE;
  const admit = async (request: UploadRequest) => admitUpload(ctx, perMinute, request.userId, typeOf(request));
  const upload = async (request: UploadRequest) =>
    ok(await storeImage(ctx, storage, request.userId, typeOf(request), await readFileField(request)));
  app.post<{ Params: { type?: string } }>('/api/file/upload', { preHandler: [auth, admit] }, upload);
  app.post<{ Params: { type?: string } }>('/api/file/upload/:type', { preHandler: [auth, admit] }, upload);
  app.get<{ Querystring: { type?: unknown } }>('/api/file/cos/sign', { preHandler: auth }, async (request) => {
    const type = request.query.type ?? DEFAULT_UPLOAD_TYPE;
    return ok(signCos(ctx, request.userId, typeof type === 'string' ? type : ''));
  });
}

/**
 * POST {COS_FORM_URL} (docs/api.md, Files): the COS-style form of a signature from /api/file/cos/sign. The fields come
 * before the file; the signature is checked before a byte of the file is read, then the direct upload's checks.
 * Registered outside /h5-api (its own multipart scope) because the file is then served at `${url}/${key}`.
 */
export function cosFormRoutes(app: FastifyInstance, ctx: AppContext): void {
  const storage = createStorage(ctx.config);
  app.post(COS_FORM_URL, async (request) => {
    if (!request.isMultipart()) throw invalid('Send the form as multipart/form-data');
    const fields: Record<string, string> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const upload = await admitCosForm(ctx, perMinuteOf(ctx), fields);
        const bytes = await part.toBuffer();
        const { userId, type, key } = upload;
        await storeUpload(ctx, storage, { userId, type, bytes, aliasKey: key });
        return ok({ key, url: storage.url(key) });
      }
    } catch (error) {
      throw uploadError(error);
    }
    throw invalid('file is required');
  });
}
