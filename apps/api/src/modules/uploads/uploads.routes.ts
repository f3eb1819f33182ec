import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { STORED_NAME } from '../../lib/files/file-store.ts';
import { findShopImage, type StoredFileRow } from '../../lib/stored-files.ts';
import { rowId } from '../../lib/route-params.ts';

const fileName = z.string().regex(STORED_NAME);

/**
 * Shops' pictures, served from the store. Names are 128-bit random (printed forms are served by
 * the tax-forms module, by signed links that expire).
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Streams the file's bytes from the store: one piece at a time, never the whole file. */
  async function send(
    reply: FastifyReply,
    ifNoneMatch: string | undefined,
    file: StoredFileRow | null,
    cacheControl: string,
  ) {
    if (!file) throw new AppError('NOT_FOUND');
    const etag = `"${file.sha256}"`;
    void reply
      .header('ETag', etag)
      .header('Cache-Control', cacheControl)
      .header('X-Content-Type-Options', 'nosniff');
    if (ifNoneMatch === etag) return reply.code(304).send();
    const content = await app.files.open(file);
    if (!content) {
      reply.log.error({ file: file.name }, 'a stored file has no content');
      throw new AppError('NOT_FOUND');
    }
    return reply.type(file.contentType).header('Content-Length', String(file.size)).send(content);
  }

  app.get(
    '/uploads/:accountNo/:companyId/ushop/:name',
    {
      schema: {
        tags: ['uploads'],
        summary: "An image of a shop's profile, logo, promotions or gallery",
        params: z.object({
          accountNo: z.string().max(32),
          companyId: rowId,
          name: fileName,
        }),
        produces: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
      },
    },
    async (request, reply) => {
      const file = await findShopImage(app.db, request.params);
      return send(
        reply,
        request.headers['if-none-match'],
        file,
        'public, max-age=31536000, immutable',
      );
    },
  );
};
