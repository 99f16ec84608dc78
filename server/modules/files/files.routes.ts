/** HTTP face of docs/api.md, Files: POST /api/file/upload/{type}, multipart field `file`. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD } from '#protocol/constants.ts';
import { createStorage } from '../../adapters/storage/storage.ts';
import type { AppContext } from '../../context.ts';
import { invalid, tooLarge } from '../../domain/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';
import { WindowLimiter } from '../../plugins/rate-limit.ts';
import { DEFAULT_UPLOAD_TYPE } from './files.rules.ts';
import { admitUpload, storeImage } from './files.service.ts';

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
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(TOO_LARGE);
    if (code === 'FST_FILES_LIMIT') throw invalid('Send one file at a time');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw invalid('Too many form fields');
    throw error;
  }
  throw invalid('file is required');
}

type UploadRequest = FastifyRequest<{ Params: { type?: string } }>;

export function filesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = requireAuth(ctx.db, ctx.now);
  const storage = createStorage(ctx.config);
  // In-process like the sign-in limits: right while one server owns a DATA_DIR; the byte quota is in the database.
  const perMinute = new WindowLimiter(ctx.config.uploads.perMin, 60_000);
  const typeOf = (request: UploadRequest) => request.params.type ?? DEFAULT_UPLOAD_TYPE;
  const admit = async (request: UploadRequest) => admitUpload(ctx, perMinute, request.userId, typeOf(request));
  const upload = async (request: UploadRequest) =>
    ok(await storeImage(ctx, storage, request.userId, typeOf(request), await readFileField(request)));
  app.post<{ Params: { type?: string } }>('/api/file/upload', { preHandler: [auth, admit] }, upload);
  app.post<{ Params: { type?: string } }>('/api/file/upload/:type', { preHandler: [auth, admit] }, upload);
}
