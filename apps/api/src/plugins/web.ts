import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { createCsrfToken } from '../lib/secret-key.ts';

/**
 * Serves the built web app: hashed assets cached for a year and sent in the compressed form the
 * build wrote, index.html never cached and written per request with a fresh CSRF token in its
 * meta tag.
 */
export const webPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      distDir: string;
      /** More `<meta name content>` tags for the page. */ meta?: Record<string, string>;
    },
  ) => {
    const indexFile = path.join(options.distDir, 'index.html');
    if (!fs.existsSync(indexFile)) {
      app.log.warn(`No web build at ${options.distDir}: run "npm run build" to serve the portal.`);
      return;
    }
    const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const extraMeta = Object.entries(options.meta ?? {})
      .map(([name, content]) => `<meta name="${escape(name)}" content="${escape(content)}" />`)
      .join('');
    const template = fs.readFileSync(indexFile, 'utf8').replace('</head>', `${extraMeta}</head>`);
    const metaPattern = /<meta\s+name="csrf-token"\s+content="[^"]*"\s*\/?>/;

    const sendIndex = async (_request: unknown, reply: FastifyReply) => {
      const token = createCsrfToken(app.secretKey);
      const html = metaPattern.test(template)
        ? template.replace(metaPattern, `<meta name="csrf-token" content="${token}" />`)
        : template.replace('</head>', `<meta name="csrf-token" content="${token}" /></head>`);
      return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
    };

    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      index: false,
      cacheControl: false,
      // The build writes each asset also as .br and .gz (at their best levels): sent as they are
      // to a browser that accepts them, not compressed again per request.
      preCompressed: true,
      // index.html is always answered by the route below, with its CSRF token.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        // The same address answers brotli, gzip or plain bytes: a shared cache must tell them apart.
        res.setHeader('Vary', 'accept-encoding');
        res.setHeader(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
    app.get('/', { schema: { hide: true } }, sendIndex);
    app.get('/index.html', { schema: { hide: true } }, sendIndex);
  },
);
