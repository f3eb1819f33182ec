import type { FastifyInstance } from 'fastify';
import type { Language } from '@taxfree/domain';
import { translator } from '../../lib/i18n.ts';
import { linkEmail, setPasswordLink } from '../../lib/link-email.ts';
import type { Mail } from '../../lib/mailer.ts';

/**
 * How long a new user's link to set its password lasts: longer than a reset link (an hour by default), as
 * the user may read it days later, on its first working day. A lapsed one is replaced from the
 * forgot-password screen, like any reset link.
 */
export const INVITE_LINK_DAYS = 7;

/** A new user without a password, and the token of its link to set one. */
type Invitation = {
  language: Language;
  to: string;
  name: string;
  username: string;
  accountNo: string;
  company: string;
  token: string;
};

/** The e-mail that tells the new user it was invited, with its link to set a password. */
export function invitationEmail(invitation: Omit<Invitation, 'token'> & { link: string }): Mail {
  const t = translator(invitation.language);
  return linkEmail(invitation, {
    subject: t('email.inviteSubject'),
    greeting: t('email.resetGreeting', { name: invitation.name }),
    intro: t('email.inviteIntro', {
      company: invitation.company,
      username: invitation.username,
      accountNo: invitation.accountNo,
    }),
    action: t('email.inviteAction'),
    notes: [t('email.inviteExpiry', { count: INVITE_LINK_DAYS })],
    signature: t('email.signature'),
  });
}

/**
 * E-mails the new user its link, to the reset-password screen: the link is a reset link. A mail
 * server that fails is logged; the user is added all the same, and a manager can give it a first
 * password, or it asks for a new link itself.
 */
export async function sendInvitation(app: FastifyInstance, invitation: Invitation): Promise<void> {
  const link = setPasswordLink(app.config.publicUrl, invitation.token, invitation.language);
  try {
    await app.mailer.send(invitationEmail({ ...invitation, link }));
  } catch (err) {
    app.log.error({ err, username: invitation.username }, 'invitation e-mail not sent');
  }
}
