import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Db } from '../db/client.ts';
import { CommandError, runCommand, type CommandName } from './commands.ts';

export const operatorSocketPath = (dataDir: string) => path.join(dataDir, 'operator.sock');

type OperatorReply = { ok: true; message: string } | { ok: false; message: string };

/**
 * While the server holds the embedded database, operators' commands reach it through this
 * local socket (owner-only permissions) and run inside the server's own connection.
 */
export async function startOperatorSocket(db: Db, dataDir: string): Promise<() => Promise<void>> {
  const socketPath = operatorSocketPath(dataDir);
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        let reply: OperatorReply;
        try {
          const { command, args } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            command: CommandName;
            args: never;
          };
          reply = { ok: true, message: await runCommand(db, command, args) };
        } catch (error) {
          reply = {
            ok: false,
            message:
              error instanceof CommandError
                ? error.message
                : `Command failed: ${(error as Error).message}`,
          };
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

export function sendOperatorCommand(
  dataDir: string,
  command: CommandName,
  args: unknown,
): Promise<OperatorReply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath: operatorSocketPath(dataDir),
        method: 'POST',
        path: '/',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OperatorReply);
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ command, args }));
  });
}
