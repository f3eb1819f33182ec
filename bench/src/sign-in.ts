/** The demo manager the server's demo data signs in with. */
export const DEMO_ACCOUNT = { accountNo: '100100', username: 'demo', password: 'demo1234' };

/** The demo manager's sign-in body. */
export const DEMO_SIGN_IN = JSON.stringify({
  accountno: DEMO_ACCOUNT.accountNo,
  username: DEMO_ACCOUNT.username,
  password: DEMO_ACCOUNT.password,
});

/** The user generate-forms.ts gives every benchmark company. */
export const BENCH_CREDENTIALS = { username: 'bench', password: 'bench-password' };

/** Signs the company's benchmark user in and answers the session's token. */
export async function signIn(origin: string, accountNo: string): Promise<string> {
  const login = await fetch(`${origin}/api/v2/authorization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountno: accountNo, ...BENCH_CREDENTIALS }),
  });
  if (!login.ok)
    throw new Error(`the benchmark user of ${accountNo} cannot sign in: ${login.status}`);
  return ((await login.json()) as { data: { token: string } }).data.token;
}
