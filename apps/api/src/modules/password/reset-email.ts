import type { Language } from '@taxfree/domain';
import { translator } from '../../lib/i18n.ts';
import { linkEmail } from '../../lib/link-email.ts';
import type { Mail } from '../../lib/mailer.ts';

export function resetEmail(input: {
  language: Language;
  to: string;
  name: string;
  username: string;
  accountNo: string;
  link: string;
  minutes: number;
}): Mail {
  const t = translator(input.language);
  return linkEmail(input, {
    subject: t('email.resetSubject'),
    greeting: t('email.resetGreeting', { name: input.name }),
    intro: t('email.resetIntro', { username: input.username, accountNo: input.accountNo }),
    action: t('email.resetAction'),
    notes: [t('email.resetExpiry', { minutes: input.minutes }), t('email.resetIgnore')],
    signature: t('email.signature'),
  });
}
