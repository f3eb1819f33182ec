import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  newStaffUserSchema,
  staffChangeSchema,
  staffPasswordSchema,
  staffUserSchema,
  successEnvelope,
} from '@taxfree/domain';
import { companyParams, userParams } from '../../lib/route-params.ts';
import { listStaff } from './staff.repository.ts';
import { INVITE_LINK_DAYS, sendInvitation } from './staff-invite.ts';
import { addStaffUser, changeStaffUser, resetStaffPassword } from './staff-writes.ts';

const userIdSchema = successEnvelope(z.object({ user_id: z.number().int() }));

/** The staff of a company, for its managers: list, add, change role, branch or state, reset. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const onRequest = [app.authenticate, app.allow('staff')];

  app.get(
    '/companies/:companyId/users',
    {
      onRequest,
      schema: {
        tags: ['staff'],
        summary: "The company's users with their role, branch, state and last sign-in",
        security,
        params: companyParams,
        response: { 200: successEnvelope(z.array(staffUserSchema)) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: request.t('success.ok'),
      data: await listStaff(app.db, request.session!.companyId),
    }),
  );

  app.post(
    '/companies/:companyId/users',
    {
      onRequest,
      schema: {
        tags: ['staff'],
        summary:
          'Add a manager or a clerk, with a first password to change at the first sign-in or a link e-mailed to set one',
        description: `\`password_setup\`: \`first_password\` (the default) takes the first \`password\`; \`email_link\` takes none. The user is then added without a password, so it cannot sign in, and \`email\` gets a link, in the language of Accept-Language, to the reset-password screen to set one. The link works once for ${INVITE_LINK_DAYS} days; after that the user asks for a new one as for any reset (\`POST /resetPassword\`).`,
        security,
        params: companyParams,
        body: newStaffUserSchema,
        response: { 200: userIdSchema },
      },
    },
    async (request) => {
      const session = request.session!;
      const { company } = await app.companyProfile(session.companyId);
      const added = await app.db.transaction((tx) =>
        addStaffUser(
          tx,
          { ...session, country: company.country, accountNo: company.accountNo },
          request.body,
        ),
      );
      if (added.linkToken) {
        const { email, name, username } = request.body;
        await sendInvitation(app, {
          language: request.language,
          to: email,
          name,
          username,
          accountNo: company.accountNo,
          company: company.name,
          token: added.linkToken,
        });
      }
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: { user_id: added.userId },
      };
    },
  );

  app.patch(
    '/companies/:companyId/users/:userId',
    {
      onRequest,
      schema: {
        tags: ['staff'],
        summary:
          "Change a user's role, branch or state; deactivating ends its sessions at once; the last active manager stays one",
        security,
        params: userParams,
        body: staffChangeSchema,
        response: { 200: successEnvelope(staffUserSchema) },
      },
    },
    async (request) => {
      const session = request.session!;
      const user = await app.db.transaction((tx) =>
        changeStaffUser(tx, session, request.params.userId, request.body),
      );
      // In force for the user's very next call, through any process.
      await app.changesHeard();
      return { status: 'success' as const, message: request.t('success.ok'), data: user };
    },
  );

  app.post(
    '/companies/:companyId/users/:userId/password',
    {
      onRequest,
      schema: {
        tags: ['staff'],
        summary: 'Give a user a first password, to change at the next sign-in; ends its sessions',
        security,
        params: userParams,
        body: z.object({ password: staffPasswordSchema }),
        response: { 200: userIdSchema },
      },
    },
    async (request) => {
      const session = request.session!;
      const { userId } = request.params;
      await app.db.transaction((tx) =>
        resetStaffPassword(tx, session, userId, request.body.password),
      );
      await app.changesHeard();
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: { user_id: userId },
      };
    },
  );
};
