import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope, uploadResultSchema } from '@taxfree/domain';
import { AppError } from '../../lib/app-error.ts';
import { ImageRejectedError, processImage, type ProcessedImage } from '../../lib/images.ts';
import { storeFile } from '../../lib/stored-files.ts';

/** Pictures one request may carry (`image0` … `image9`). */
const MAX_FILES = 10;
const FILE_FIELD = /^image\d{1,2}$/;

function megabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

/**
 * The core service's upload (SPEC 7): pictures picked in a panel are stored at once as temporary
 * files; a saved profile, logo, promotion or gallery item then claims them.
 */
export const fileUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.config.UPLOAD_MAX_BYTES;
  const tooLarge = () => new AppError('FILE_TOO_LARGE', { params: { maxMb: megabytes(maxBytes) } });

  // Registered here only: no other route takes multipart bodies.
  await app.register(multipart, { throwFileSizeLimit: true });

  app.post(
    '/fileupload/temp',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['core service'],
        summary: 'Upload pictures as temporary files',
        description: `multipart/form-data with files \`image0\`, \`image1\`, … (JPEG, PNG, WebP or GIF, decided by their content; at most ${megabytes(maxBytes)} MB each) and the \`filerename\` flag (names are always new). Answers each field's stored name; the file stays temporary until a saved record refers to it.`,
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: successEnvelope(uploadResultSchema) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('UPLOAD_FAILED');
      // Refused before reading when the declared size cannot hold only allowed files.
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > maxBytes * MAX_FILES + 64 * 1024) throw tooLarge();

      const { companyId } = request.session!;
      const images: { field: string; image: ProcessedImage }[] = [];
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
        for await (const part of parts) {
          if (part.type !== 'file') continue; // `filerename` and the like: names are always new
          const bytes = await part.toBuffer();
          if (!FILE_FIELD.test(part.fieldname) || images.some((i) => i.field === part.fieldname)) {
            throw new ImageRejectedError(`unexpected file field ${part.fieldname}`);
          }
          if (bytes.length === 0) throw new ImageRejectedError('empty file');
          const image = await processImage(bytes, {
            maxDimension: app.config.UPLOAD_MAX_DIMENSION,
          });
          images.push({ field: part.fieldname, image });
        }
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
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
      }
      if (images.length === 0) throw new AppError('UPLOAD_FAILED');

      const data = await app.db.transaction(async (tx) => {
        const names: Record<string, string> = {};
        for (const { field, image } of images) {
          names[field] = await storeFile(tx, {
            companyId,
            kind: 'image',
            contentType: image.contentType,
            extension: image.extension,
            content: image.content,
            temporary: true,
          });
        }
        return names;
      });
      return { status: 'success' as const, message: request.t('success.fileUploaded'), data };
    },
  );
};
