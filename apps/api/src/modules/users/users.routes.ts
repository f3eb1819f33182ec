import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  profileInputSchema,
  successEnvelope,
  userPreferencesSchema,
  userSchema,
} from '@taxfree/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { makeThumbnail } from '../../lib/images.ts';
import type { Scratch } from '../../lib/files/file-store.ts';
import {
  claimImageOrFail,
  findStoredImage,
  hasThumbnail,
  releaseImage,
  storeThumbnail,
  thumbnailName,
} from '../../lib/stored-files.ts';
import { imagePath } from '../../lib/uploads.ts';
import { findUser } from '../../db/repositories/users.repository.ts';
import { findCompany } from '../../db/repositories/companies.repository.ts';
import { updatePreferences, updateProfile } from './users.repository.ts';
import { userParams } from '../../lib/route-params.ts';

/** A user as the profile panel and the user menu read it. */
async function userView(db: Db, companyId: number, userId: number) {
  const [user, company] = await Promise.all([
    findUser(db, companyId, userId),
    findCompany(db, companyId),
  ]);
  if (!user || !company) throw new AppError('USER_NOT_FOUND');
  const thumb = user.image && (await hasThumbnail(db, companyId, user.image));
  return {
    user_id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    country: user.country,
    image: user.image,
    path: imagePath(company.accountNo, companyId, user.image),
    thumb_path:
      thumb && user.image
        ? imagePath(company.accountNo, companyId, thumbnailName(user.image))
        : null,
    passportNumber: user.passportNumber,
    print_after_issue: user.printAfterIssue,
  };
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];

  app.get(
    '/companies/:companyId/users/:userId',
    {
      onRequest: [app.authenticate, app.allow('ownAccount')],
      schema: {
        tags: ['users'],
        summary: 'A user of the signed-in company',
        security,
        params: userParams,
        response: { 200: successEnvelope(userSchema) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: request.t('success.ok'),
      data: await userView(app.db, request.session!.companyId, request.params.userId),
    }),
  );

  app.put(
    '/companies/:companyId/users/:userId',
    {
      onRequest: [app.authenticate, app.allow('ownAccount')],
      schema: {
        tags: ['users'],
        summary: "Update the signed-in user's profile",
        description:
          '`image` is a stored name answered by the upload (empty for the default avatar); `thumb` 1 also keeps a small square of it. A user edits only their own profile.',
        security,
        params: userParams,
        body: profileInputSchema,
        response: { 200: successEnvelope(userSchema) },
      },
    },
    async (request) => {
      const session = request.session!;
      const { companyId } = session;
      const user = await findUser(app.db, companyId, request.params.userId);
      if (!user) throw new AppError('USER_NOT_FOUND');
      if (user.id !== session.userId) throw new AppError('FORBIDDEN');
      const profile = request.body;

      const imageInvalid = () =>
        new AppError('VALIDATION_FAILED', {
          errors: [{ field: 'image', message: 'imageInvalid' }],
        });
      let thumbnail: { scratch: Scratch; path: string } | null = null;
      try {
        if (
          profile.thumb &&
          profile.image &&
          !(await hasThumbnail(app.db, companyId, profile.image))
        ) {
          const stored = await findStoredImage(app.db, companyId, profile.image);
          if (!stored) throw imageInvalid();
          const scratch = await app.files.scratch();
          thumbnail = { scratch, path: scratch.path('thumbnail') };
          const output = thumbnail.path;
          await app.imageJobs.run(async () => {
            const content = await app.files.open(stored);
            if (!content) throw imageInvalid();
            await makeThumbnail(content, output);
          });
        }

        await app.db.transaction(async (tx) => {
          await claimImageOrFail(tx, companyId, profile.image, 'image');
          await updateProfile(tx, companyId, user.id, {
            name: profile.name,
            email: profile.email,
            mobile: profile.mobile,
            image: profile.image,
            country: profile.country ?? user.country,
          });
          if (thumbnail && profile.image) {
            await storeThumbnail(tx, app.files, companyId, profile.image, thumbnail.path);
          }
          if (user.image !== profile.image) await releaseImage(tx, companyId, user.image);
          await recordAudit(tx, {
            companyId,
            userId: session.userId,
            action: 'profile.update',
            entity: 'user',
            entityId: String(user.id),
          });
        });
      } finally {
        await thumbnail?.scratch.remove();
      }
      return {
        status: 'success' as const,
        message: request.t('success.profileSaved'),
        data: await userView(app.db, companyId, user.id),
      };
    },
  );

  app.put(
    '/companies/:companyId/users/:userId/preferences',
    {
      onRequest: [app.authenticate, app.allow('ownAccount')],
      schema: {
        tags: ['users'],
        summary: "Change the signed-in user's working preferences",
        description:
          '`print_after_issue`: whether a form the user issues or updates opens for printing at once. A user changes only their own.',
        security,
        params: userParams,
        body: userPreferencesSchema,
        response: { 200: successEnvelope(userSchema) },
      },
    },
    async (request) => {
      const session = request.session!;
      const { companyId } = session;
      if (request.params.userId !== session.userId) throw new AppError('FORBIDDEN');
      await updatePreferences(app.db, companyId, session.userId, {
        printAfterIssue: request.body.print_after_issue,
      });
      return {
        status: 'success' as const,
        message: request.t('success.preferencesSaved'),
        data: await userView(app.db, companyId, session.userId),
      };
    },
  );
};
