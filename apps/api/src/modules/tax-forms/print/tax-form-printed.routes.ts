import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import { STORED_NAME } from '../../../lib/files/file-store.ts';
import { findPrintedForm } from '../../../lib/stored-files.ts';
import { copyLabel, markCopy } from './pdf/mark-copy.ts';
import { readPrintLink } from './pdf/print-links.ts';

/** Forms are rendered by the server: far below this, which only bounds what a copy reads. */
const MAX_PDF_BYTES = 32 * 1024 * 1024;

async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const pieces: Buffer[] = [];
  let size = 0;
  for await (const piece of stream as AsyncIterable<Buffer>) {
    size += piece.length;
    if (size > limit) {
      stream.destroy();
      throw new AppError('PAYLOAD_TOO_LARGE');
    }
    pieces.push(piece);
  }
  return Buffer.concat(pieces);
}

/**
 * The printed form a print's link opens, without signing in (it opens in a new tab, where no
 * Authorization header travels): the link is signed and expires, so that a leaked URL of a
 * traveller's passport data does not live for ever.
 */
export const taxFormPrintedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/uploads/electronic/:name',
    {
      schema: {
        tags: ['uploads'],
        summary: 'A printed form (PDF), by the link its print answered; links work for an hour',
        params: z.object({ name: z.string().max(120) }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const link = readPrintLink(app.printLinkKey, request.params.name);
      if (!link.valid && link.reason === 'expired') throw new AppError('PRINT_LINK_EXPIRED');
      if (!link.valid && link.reason === 'malformed' && !STORED_NAME.test(request.params.name)) {
        throw new AppError('BAD_REQUEST');
      }
      // An unknown or forged name is an ordinary error answer, with every security header.
      const file = link.valid ? await findPrintedForm(app.db, link.file) : null;
      if (!link.valid || !file) throw new AppError('NOT_FOUND');
      const seconds = Math.max(0, Math.floor((link.expiresAt.getTime() - Date.now()) / 1000));
      // Browsers show PDFs with a built-in viewer that the page's script policy would block.
      void reply
        .removeHeader('Content-Security-Policy')
        .header('Content-Disposition', `inline; filename="${link.file}"`);
      const etag = link.copy === 0 ? `"${file.sha256}"` : `"${file.sha256}-copy-${link.copy}"`;
      void reply
        .header('ETag', etag)
        .header('Cache-Control', `private, max-age=${seconds}`)
        .header('X-Content-Type-Options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const content = await app.files.open(file);
      if (!content) {
        reply.log.error({ file: file.name }, 'a stored file has no content');
        throw new AppError('NOT_FOUND');
      }
      // The original streams from the store, one piece at a time.
      if (link.copy === 0) {
        return reply
          .type('application/pdf')
          .header('Content-Length', String(file.size))
          .send(content);
      }
      // A copy: the stored original, marked on every page with the copy's number.
      const original = await readAll(content, MAX_PDF_BYTES);
      const marked = await app.pdfRenders.run(() =>
        markCopy(original, copyLabel(file.country, link.copy)),
      );
      return reply.type('application/pdf').send(marked);
    },
  );
};
