import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { companies, users } from '../db/schema/index.ts';
import { createRetailer } from '../cli/commands.ts';

export type Retailer = {
  accountNo: string;
  username: string;
  password: string;
  companyId: number;
  branchId: number;
  userId: number;
  email: string;
};

/** A retailer with one user, created by the same code as the operators' command. */
export async function createRetailerFixture(
  db: Db,
  options: { mustChangePassword?: boolean; email?: string; country?: string } = {},
): Promise<Retailer> {
  const accountNo = String(200_000 + crypto.randomInt(700_000));
  const username = `clerk${crypto.randomInt(1_000_000)}`;
  const password = `pass-${crypto.randomBytes(6).toString('hex')}`;
  const email = options.email ?? `${username}@shop.example`;
  await createRetailer(db, {
    accountNo,
    username,
    password,
    company: `Shop ${accountNo}`,
    branch: `Branch ${accountNo}`,
    country: options.country ?? 'HR',
  });
  const [row] = await db
    .select({ companyId: users.companyId, branchId: users.branchId, userId: users.id })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(companies.accountNo, accountNo), eq(users.username, username)));
  await db
    .update(users)
    .set({ email, mustChangePassword: options.mustChangePassword ?? false })
    .where(eq(users.id, row!.userId));
  return { accountNo, username, password, email, ...row! };
}

export async function login(
  app: FastifyInstance,
  retailer: Pick<Retailer, 'accountNo' | 'username' | 'password'>,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v2/authorization',
    payload: {
      accountno: retailer.accountNo,
      username: retailer.username,
      password: retailer.password,
    },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<{ data: { token: string } }>().data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
