import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/** A file sent with a message (the traveller's form as PDF). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A link worth printing on the console when no mail server is configured. */
  link?: string;
  attachments?: MailAttachment[];
};

export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * Real SMTP when SMTP_URL is set. Otherwise each message is written as an .eml file under
 * DATA_DIR/outbox and its link printed, so the embedded default works with no mail server.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
}): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        // A mail server that stops answering fails the attempt (to be retried) in about a minute,
        // rather than holding the e-mails behind it for nodemailer's ten.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 60_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments && { attachments: mail.attachments }),
      });
      if (options.smtpUrl) return;
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      // The link is a secret only its owner should see; printed because no mail server exists.
      console.log(
        `\n✉  E-mail to ${mail.to} written to ${file}${mail.link ? `\n   Link: ${mail.link}` : ''}\n`,
      );
    },
  };
}
