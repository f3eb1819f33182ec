import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Answers 200 once the server accepts requests and reaches its database',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
        },
      },
    },
    async () => {
      try {
        await app.db.execute(sql`select 1`);
      } catch {
        // A load balancer stops sending this process work until its database answers again.
        throw new AppError('SERVICE_UNAVAILABLE', { headers: { 'Retry-After': '5' } });
      }
      return { status: 'ok' as const, database: app.database.engine };
    },
  );
};
