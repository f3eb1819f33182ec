import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordAudit } from '../../../lib/audit.ts';
import { startQueueWorker, type QueueWorker } from '../../../lib/queue-worker.ts';
import { emailedFormPdf } from './tax-form-mail-pdf.ts';
import { formMailMessage } from './tax-form-mail-message.ts';
import {
  claimDueMail,
  findMailContent,
  finishMailAttempt,
  type FormMailRow,
} from './tax-form-mails.repository.ts';

/**
 * How long to wait after each failed attempt before the next: a mail server that is down for a
 * minute or for an afternoon. After the attempt that follows the last wait, the e-mail is given up.
 */
export const RETRY_WAITS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];

/** How often the worker looks for e-mails due again (retries, and those queued by the CLI). */
const POLL_EVERY_MS = 30_000;

/**
 * How long a taken e-mail is kept from other workers while it is rendered and sent: far longer
 * than a send takes. A process that dies meanwhile leaves it to be taken again after this.
 */
const LEASE_MS = 10 * 60_000;

const MAX_ERROR_LENGTH = 500;

/** Routes whose success may have queued an e-mail: the worker looks at once after their answer. */
const QUEUEING_ROUTE = /\/taxforms\/(issue|:formId\/stages|:formId\/mail)$/;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    /** The traveller's e-mails queued in form_mails, sent one at a time. */
    formMails: QueueWorker;
  }
}

/**
 * Sends the e-mails forms queue for their travellers (form_mails), in this process: right after
 * the answer that queued one, and every half minute for retries. Several processes on one
 * database share the queue without sending an e-mail twice. The answer that queued an e-mail never
 * waits for it; a close lets the e-mail being sent finish and leaves the rest queued.
 */
export const taxFormMailWorkerPlugin = fp(async (app: FastifyInstance) => {
  const worker = startQueueWorker(app, {
    name: 'form e-mails',
    // One e-mail at a time: the render is bounded already, and a mail server is not made faster
    // by more connections.
    drain: async (now, isStopped) => {
      let attempted = 0;
      while (!isStopped()) {
        const at = now ?? new Date();
        const mail = await claimDueMail(app.db, {
          now: at,
          leaseUntil: new Date(at.getTime() + LEASE_MS),
        });
        if (!mail) break;
        await deliver(app, mail, at);
        attempted += 1;
      }
      return attempted;
    },
    queuedBy: (request) =>
      request.method === 'POST' && QUEUEING_ROUTE.test(request.routeOptions.url ?? ''),
    pollEveryMs: POLL_EVERY_MS,
  });
  app.decorate('formMails', worker);
});

/**
 * One attempt at one e-mail: written, with the form's PDF for the issue and a resend, and sent;
 * then marked sent, or to be tried again after a growing wait, or given up after the last; each
 * attempt audited on the form with the user who caused the e-mail.
 */
async function deliver(app: FastifyInstance, mail: FormMailRow, now: Date): Promise<void> {
  let error: string | null = null;
  let giveUp = false;
  try {
    const content = await findMailContent(app.db, mail);
    if (!content) throw new Error('the form no longer exists');
    if (content.form.cancelled) throw new GiveUp('the form is cancelled');
    const message = formMailMessage({
      kind: mail.kind,
      language: mail.language,
      to: mail.recipient,
      content,
      publicUrl: app.config.publicUrl,
    });
    const withPdf = mail.kind === 'issued' || mail.kind === 'resent';
    const renderOptions = {
      db: app.db,
      files: app.files,
      renders: app.pdfRenders,
      tenant: { companyId: mail.companyId, branchId: content.form.branchId },
      formId: mail.taxFormId,
      publicUrl: app.config.publicUrl,
    };
    const attachments = withPdf
      ? [
          {
            filename: `${content.form.barcode}.pdf`,
            content: await emailedFormPdf(renderOptions),
            contentType: 'application/pdf',
          },
        ]
      : [];
    await app.mailer.send({ ...message, attachments });
  } catch (err) {
    error = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_LENGTH);
    app.log.warn(
      { err, mail: mail.id, tenant: mail.companyId, attempt: mail.attempts },
      'form e-mail not sent',
    );
    giveUp = err instanceof GiveUp;
  }
  const wait = giveUp ? undefined : RETRY_WAITS_MS[mail.attempts - 1];
  const outcome = error === null ? 'sent' : wait === undefined ? 'failed' : 'retry';
  await app.db.transaction(async (tx) => {
    await finishMailAttempt(
      tx,
      mail.id,
      error === null
        ? { sentAt: new Date() }
        : { error, retryAt: wait === undefined ? null : new Date(now.getTime() + wait) },
    );
    await recordAudit(tx, {
      companyId: mail.companyId,
      userId: mail.userId,
      action: 'form.mail',
      entity: 'tax_form',
      entityId: String(mail.taxFormId),
      details: {
        kind: mail.kind,
        attempt: mail.attempts,
        outcome,
        recipient: mail.recipient,
        ...(error !== null && { error }),
      },
    });
  });
}

/** A failure no retry can mend: the e-mail is given up at once. */
class GiveUp extends Error {}
