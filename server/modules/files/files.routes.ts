/** HTTP face of docs/api.md, Files: POST /api/file/upload/{type}, multipart field `file`. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD } from '#protocol/constants.ts';
import { MEDIA, type MediaKind } from '#protocol/media.ts';
import { createStorage } from '../../adapters/storage/storage.ts';
import type { AppContext } from '../../context.ts';
import { invalid, tooLarge } from '../../domain/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';
import { COS_FORM_URL } from './cos.rules.ts';
import { admitMedia, MEDIA_TOO_LARGE, storeMedia } from './files.media.ts';
import { DEFAULT_UPLOAD_TYPE } from './files.rules.ts';
import { admitCosForm, admitUpload, signCos, storeImage, storeUpload } from './files.service.ts';

export const UPLOAD_LIMITS = { fileSize: UPLOAD.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 };
export const TOO_LARGE = 'File is larger than 5 MB';

async function readFileField(request: FastifyRequest): Promise<Buffer> {
  return (await readFilePart(request, 'image')).bytes;
}

/** The multipart field `file`: its bytes and declared type. Videos and voice notes may be larger (MEDIA.maxBytes). */
async function readFilePart(
  request: FastifyRequest,
  what: 'image' | MediaKind,
): Promise<{ bytes: Buffer; declared: string }> {
  if (!request.isMultipart()) throw invalid(`Send the ${what} as multipart/form-data field file`);
  const media = what !== 'image';
  try {
    const parts = request.parts(media ? { limits: { ...UPLOAD_LIMITS, fileSize: MEDIA.maxBytes } } : undefined);
    for await (const part of parts) {
      if (part.type === 'file' && part.fieldname === 'file') {
        return { bytes: await part.toBuffer(), declared: part.mimetype };
      }
      if (part.type === 'file') part.file.resume(); // Another file field: drain it, it is not ours.
    }
  } catch (error) {
    throw uploadError(error, media ? MEDIA_TOO_LARGE : TOO_LARGE);
  }
  throw invalid('file is required');
}

function uploadError(error: unknown, tooLargeMessage = TOO_LARGE): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(tooLargeMessage);
  if (code === 'FST_FILES_LIMIT') return invalid('Send one file at a time');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return invalid('Too many form fields');
  return error;
}

type UploadRequest = FastifyRequest<{ Params: { type?: string } }>;

export function filesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = requireAuth(ctx.db, ctx.now);
  const storage = createStorage(ctx.config);
  const typeOf = (request: UploadRequest) => request.params.type ?? DEFAULT_UPLOAD_TYPE;
  const admit = async (request: UploadRequest) => admitUpload(ctx, ctx.limits.uploads, request.userId, typeOf(request));
  const upload = async (request: UploadRequest) =>
    ok(await storeImage(ctx, storage, request.userId, typeOf(request), await readFileField(request)));
  app.post<{ Params: { type?: string } }>('/api/file/upload', { preHandler: [auth, admit] }, upload);
  for (const kind of ['video', 'voice'] as const) {
    const admitKind = async (request: FastifyRequest) => admitMedia(ctx, ctx.limits.uploads, request.userId, kind);
    app.post(`/api/file/upload/${kind}`, { preHandler: [auth, admitKind] }, async (request) => {
      const { bytes, declared } = await readFilePart(request, kind);
      return ok(await storeMedia(ctx, storage, { userId: request.userId, kind, declared, bytes }));
    });
  }
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
        const upload = await admitCosForm(ctx, ctx.limits.uploads, fields);
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
