import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope, uploadResultSchema } from '@taxfree/domain';
import { AppError } from '../../lib/app-error.ts';
import type { Scratch } from '../../lib/files/file-store.ts';
import { ImageRejectedError, processImage, type ProcessedImage } from '../../lib/images.ts';
import { releaseStreamedBuffers } from '../../lib/memory-trim.ts';
import { withStoredFiles } from '../../lib/stored-files.ts';
import { admit, type ThrottleRule } from '../../lib/throttle.ts';
import { temporaryUploads } from './upload-quota.repository.ts';

/** Pictures one request may carry (`image0` … `image9`). */
export const MAX_FILES = 10;
const FILE_FIELD = /^image\d{1,2}$/;
/** What a refused upload's Retry-After says when the server or the shop is busy, in seconds. */
const RETRY_SECONDS = 5;
/** Room for the multipart framing and the small fields beside the pictures. */
const FRAMING_BYTES = 64 * 1024;

function megabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

type Received = { field: string; path: string };

/**
 * Drops the connection of an upload whose body goes `idleMs` without a byte: a client that
 * stalls, on purpose or not, gives its place back instead of holding it until it leaves. Answers
 * the function that stops watching.
 */
function dropWhenStalled(request: FastifyRequest, idleMs: number): () => void {
  const timer = setTimeout(() => {
    request.log.info({ idleMs }, 'upload stalled, connection dropped');
    request.raw.destroy(new Error('upload stalled'));
  }, idleMs);
  const arrived = () => timer.refresh();
  request.raw.on('data', arrived);
  return () => {
    clearTimeout(timer);
    request.raw.off('data', arrived);
  };
}

/**
 * Streams each picture of the request to its own scratch file as it arrives: the body never sits
 * in memory, and a picture past the size limit is cut off and refused while it streams.
 */
async function receivePictures(
  app: FastifyInstance,
  request: FastifyRequest,
  scratch: Scratch,
): Promise<Received[]> {
  const maxBytes = app.config.UPLOAD_MAX_BYTES;
  const received: Received[] = [];
  let stopGuard = () => {};
  try {
    const parts = request.parts({
      limits: {
        fileSize: maxBytes,
        files: MAX_FILES,
        fields: 10,
        fieldSize: 1024,
        parts: MAX_FILES + 10,
        headerPairs: 50,
      },
    });
    stopGuard = dropWhenStalled(request, app.config.UPLOAD_IDLE_TIMEOUT_MS);
    for await (const part of parts) {
      if (part.type !== 'file') continue; // `filerename` and the like: names are always new
      if (!FILE_FIELD.test(part.fieldname) || received.some((r) => r.field === part.fieldname)) {
        throw new ImageRejectedError(`unexpected file field ${part.fieldname}`);
      }
      const path = scratch.path(`received-${received.length}`);
      await pipeline(part.file, fs.createWriteStream(path));
      releaseStreamedBuffers();
      if (part.file.truncated) throw new app.multipartErrors.RequestFileTooLargeError();
      if ((await fs.promises.stat(path)).size === 0) throw new ImageRejectedError('empty file');
      received.push({ field: part.fieldname, path });
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      throw new AppError('FILE_TOO_LARGE', { params: { maxMb: megabytes(maxBytes) } });
    }
    if (
      error instanceof app.multipartErrors.FilesLimitError ||
      error instanceof app.multipartErrors.PartsLimitError ||
      error instanceof app.multipartErrors.FieldsLimitError
    ) {
      throw new AppError('PAYLOAD_TOO_LARGE');
    }
    if (error instanceof AppError) throw error;
    request.log.info({ reason: (error as Error).message }, 'upload refused');
    throw new AppError('UPLOAD_FAILED');
  } finally {
    stopGuard();
  }
  if (received.length === 0) throw new AppError('UPLOAD_FAILED');
  return received;
}

/**
 * Refuses a company that sends too many uploads, or holds too many unclaimed ones, with 429 and
 * `Retry-After`; otherwise counts this upload.
 */
async function throttleCompany(app: FastifyInstance, companyId: number, declaredBytes: number) {
  const rate: ThrottleRule = {
    scope: 'upload',
    limit: app.config.UPLOAD_RATE_PER_MINUTE,
    windowMs: 60_000,
  };
  const quota = app.config.UPLOAD_TEMP_QUOTA_BYTES;
  const held = await temporaryUploads(app.db, companyId);
  if (held.bytes + declaredBytes > quota) {
    // The oldest unclaimed uploads are purged once their time to live is over.
    const expires = (held.oldest?.getTime() ?? Date.now()) + app.config.UPLOAD_TEMP_TTL * 1000;
    const seconds = Math.max(60, Math.ceil((expires - Date.now()) / 1000));
    throw new AppError('UPLOAD_QUOTA_EXCEEDED', {
      params: { maxMb: megabytes(quota), minutes: Math.ceil(seconds / 60) },
      headers: { 'Retry-After': String(seconds) },
    });
  }
  const wait = await admit(app.db, [{ rule: rate, key: String(companyId) }]);
  if (wait > 0) {
    throw new AppError('UPLOAD_RATE_EXCEEDED', {
      params: { seconds: wait },
      headers: { 'Retry-After': String(wait) },
    });
  }
}

/**
 * A refusal answered before the body is read: the connection is closed after the answer rather
 * than kept, so the server does not read megabytes it has refused.
 */
function unread(error: AppError): AppError {
  return new AppError(error.code, {
    ...error.options,
    headers: { ...error.options.headers, Connection: 'close' },
  });
}

/** Receives, processes and stores the request's pictures; answers each field's stored name. */
async function storeUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  scratch: Scratch,
  companyId: number,
): Promise<Record<string, string>> {
  const received = await receivePictures(app, request, scratch);

  // A request's pictures are one job, decoded one after the other once its turn comes: requests
  // finish in the order they came, and a busy server answers 503 rather than taking on more.
  const processed = await app.imageJobs.run(async () => {
    const done: { field: string; path: string; image: ProcessedImage }[] = [];
    for (const [index, { field, path }] of received.entries()) {
      const output = scratch.path(`stored-${index}`);
      try {
        const image = await processImage(path, output, {
          maxDimension: app.config.UPLOAD_MAX_DIMENSION,
        });
        done.push({ field, path: output, image });
      } catch (error) {
        request.log.info({ reason: (error as Error).message }, 'upload refused');
        throw new AppError('UPLOAD_FAILED');
      }
    }
    return done;
  });

  const stored = processed.map(({ path, image }) => ({
    file: {
      companyId,
      kind: 'image' as const,
      contentType: image.contentType,
      extension: image.extension,
      temporary: true,
    },
    source: path,
  }));
  const names = await withStoredFiles(app.db, app.files, stored, async (_tx, names) => names);
  return Object.fromEntries(processed.map(({ field }, index) => [field, names[index]!]));
}

/**
 * The core service's upload (SPEC 7): pictures picked in a panel are stored at once as temporary
 * files; a saved profile, logo, promotion or gallery item then claims them.
 *
 * The work is bounded so that no upload can hold up the others or the server: a process receives
 * a few uploads at once (the next ones wait with their body unread, and past the queue are
 * answered 503), decodes only as many at once as it has cores, keeps every byte on disk rather
 * than in memory, drops a body that stalls, and a company may have only so many uploads under way,
 * send only so many a minute and hold only so many unclaimed (429).
 */
export const fileUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.config.UPLOAD_MAX_BYTES;
  /** Uploads of each company this process is receiving, waiting for or processing. */
  const inProgress = new Map<number, number>();
  const companyShare =
    app.config.UPLOAD_MAX_IN_PROGRESS_PER_COMPANY ??
    Math.max(1, Math.floor(app.config.UPLOAD_MAX_IN_PROGRESS / 2));

  // Registered here only: no other route takes multipart bodies.
  await app.register(multipart, { throwFileSizeLimit: true });

  app.post(
    '/fileupload/temp',
    {
      onRequest: app.authenticate,
      // A picture may take longer than a form to arrive: cut only when it stalls (UPLOAD_IDLE_TIMEOUT_MS).
      config: { ownBodyTimeout: true },
      schema: {
        tags: ['core service'],
        summary: 'Upload pictures as temporary files',
        description: `multipart/form-data with files \`image0\` … \`image${MAX_FILES - 1}\` (JPEG, PNG, WebP or GIF, decided by their content; at most ${megabytes(maxBytes)} MB each) and the \`filerename\` flag (names are always new). Answers each field's stored name; the file stays temporary until a saved record refers to it. 429 when the company has too many uploads under way, sends too many or holds too many unclaimed ones, 503 when the server is busy; both with Retry-After.`,
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: successEnvelope(uploadResultSchema) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('UPLOAD_FAILED');
      // Refused before reading when the declared size cannot hold only allowed files.
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > maxBytes * MAX_FILES + FRAMING_BYTES) {
        throw unread(new AppError('FILE_TOO_LARGE', { params: { maxMb: megabytes(maxBytes) } }));
      }
      const { companyId } = request.session!;
      // One company's uploads take at most its share of the places, so that one shop's slow or
      // stalled uploads never keep the others waiting.
      const held = inProgress.get(companyId) ?? 0;
      if (held >= companyShare) {
        throw unread(
          new AppError('UPLOAD_IN_PROGRESS', {
            params: { seconds: RETRY_SECONDS },
            headers: { 'Retry-After': String(RETRY_SECONDS) },
          }),
        );
      }
      inProgress.set(companyId, held + 1);
      try {
        await throttleCompany(app, companyId, declared).catch((error: unknown) => {
          throw error instanceof AppError ? unread(error) : error;
        });
        // Waiting for a turn, the body stays in the client's hands (the socket is not read).
        const data = await app.uploads
          .run(async () => {
            const scratch = await app.files.scratch();
            try {
              return await storeUpload(app, request, scratch, companyId);
            } finally {
              await scratch.remove();
            }
          })
          .catch((error: unknown) => {
            if (error instanceof AppError && error.code === 'SERVER_BUSY') throw unread(error);
            throw error;
          });
        return { status: 'success' as const, message: request.t('success.fileUploaded'), data };
      } finally {
        const left = (inProgress.get(companyId) ?? 1) - 1;
        if (left > 0) inProgress.set(companyId, left);
        else inProgress.delete(companyId);
      }
    },
  );
};
