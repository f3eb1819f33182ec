import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '@taxfree/domain';
import { AppError } from '../../lib/app-error.ts';
import { uploadUrl } from '../../lib/uploads.ts';
import { getUser } from '../auth/users.repository.ts';
import { getCompany } from './companies.repository.ts';

const userSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  country: z.string().nullable(),
  image: z.string().nullable(),
  path: z.string().nullable(),
  passportNumber: z.string().nullable(),
});

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/companies/:companyId/users/:userId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'A user of the signed-in company',
        security: [{ bearer: [] }],
        params: z.object({
          companyId: z.coerce.number().int().positive(),
          userId: z.coerce.number().int().positive(),
        }),
        response: { 200: successEnvelope(userSchema) },
      },
    },
    async (request) => {
      const { companyId } = request.session!;
      const [user, company] = await Promise.all([
        getUser(app.db, companyId, request.params.userId),
        getCompany(app.db, companyId),
      ]);
      if (!user || !company) throw new AppError('USER_NOT_FOUND');
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: {
          user_id: user.id,
          username: user.username,
          name: user.name,
          email: user.email,
          mobile: user.mobile,
          country: user.country,
          image: user.image,
          path: user.image ? uploadUrl(company.accountNo, companyId, user.image) : null,
          passportNumber: user.passportNumber,
        },
      };
    },
  );
};
