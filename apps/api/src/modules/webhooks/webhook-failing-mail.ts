import { and, eq, isNotNull } from 'drizzle-orm';
import { isLanguage, type Language } from '@taxfree/domain';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { translator } from '../../lib/i18n.ts';
import { linkEmail } from '../../lib/link-email.ts';
import type { Mail } from '../../lib/mailer.ts';

/** The company's active managers with an address, each with the language they work in. */
export async function managersToTell(db: Db, companyId: number) {
  const rows = await db
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.role, 'manager'),
        eq(users.active, true),
        isNotNull(users.email),
      ),
    );
  return rows
    .filter((row) => row.email)
    .map((row) => ({
      email: row.email!,
      name: row.name,
      language: (isLanguage(row.language) ? row.language : 'en') as Language,
    }));
}

/** Tells a manager that a webhook gave a delivery up and is marked failing. */
export function failingWebhookMail(input: {
  language: Language;
  to: string;
  name: string;
  url: string;
  attempts: number;
  link: string;
}): Mail {
  const t = translator(input.language);
  return linkEmail(input, {
    subject: t('email.webhookFailingSubject'),
    greeting: t('email.webhookFailingGreeting', { name: input.name }),
    intro: t('email.webhookFailingIntro', { url: input.url, attempts: input.attempts }),
    action: t('email.webhookFailingAction'),
    notes: [],
    signature: t('email.signature'),
  });
}
