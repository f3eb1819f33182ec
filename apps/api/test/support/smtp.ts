import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string | null; mimeType: string; content: Buffer }[];
};

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpServer(): Promise<{
  url: string;
  inbox: ReceivedMail[];
  waitForMail: (count?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void PostalMime.parse(Buffer.concat(chunks)).then((mail) => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: mail.html ?? '',
            attachments: mail.attachments.map((a) => ({
              filename: a.filename,
              mimeType: a.mimeType,
              content: Buffer.from(a.content as ArrayBuffer),
            })),
          });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    async waitForMail(count = 1) {
      for (let i = 0; i < 100 && inbox.length < count; i += 1)
        await new Promise((r) => setTimeout(r, 50));
      const mail = inbox[count - 1];
      if (!mail) throw new Error('no e-mail arrived');
      return mail;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
