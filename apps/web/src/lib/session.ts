import { isStaffRole, type LoginResponseData, type StaffRole } from '@taxfree/domain';
import { DEFAULT_COOKIE_MAX_AGE_SECONDS, findCookie, removeCookie, setCookie } from './cookie';

/**
 * The signed-in state lives in localStorage under the keys the original portal used (SPEC 3,
 * "Locally stored"), plus a cookie holding the token until it expires: when the cookie is gone
 * while the token is still stored, the session has expired.
 */
export const SESSION_KEYS = [
  'authToken',
  'username',
  'companyId',
  'branchId',
  'staffId',
  'retailerInfo',
  'country',
  'userId',
  'ushopSetting',
  'account_no',
  'product_rates',
  'tokenExpiry',
  'name',
  'image',
  'firstLogin',
  'role',
] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

export const AUTH_COOKIE = 'authToken';

export type RetailerInfo = LoginResponseData['retailerInfo'];

export type Session = {
  token: string;
  username: string;
  name: string;
  image: string | null;
  companyId: string;
  branchId: string;
  staffId: string;
  userId: string;
  accountNo: string;
  country: string;
  ushopSetting: string;
  productRates: string;
  tokenExpiry: string;
  retailerInfo: RetailerInfo | null;
  isFirstLogin: boolean;
  /** What the screens offer; the server decides all the same. */
  role: StaffRole;
};

const listeners = new Set<() => void>();
// The last session read, with the raw values it came from: React needs a stable object while
// nothing changed, and storage may also change behind our back (tests, devtools).
let snapshot: { raw: string; session: Session | null } | undefined;

function read(key: SessionKey): string {
  return localStorage.getItem(key) ?? '';
}

function parseRetailerInfo(raw: string): RetailerInfo | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as RetailerInfo;
  } catch {
    return null;
  }
}

function changed() {
  listeners.forEach((listener) => listener());
}

/** Seconds from now until `expiry`; the cookie default when the instant is unusable. */
export function secondsUntil(expiry: string, now: number = Date.now()): number {
  const seconds = Math.floor((Date.parse(expiry) - now) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_COOKIE_MAX_AGE_SECONDS;
}

export function startSession(data: LoginResponseData): void {
  const values: Record<SessionKey, string> = {
    authToken: data.token,
    username: data.username,
    companyId: String(data.company_id),
    branchId: String(data.retailerInfo.retailer_branch_id),
    staffId: String(data.user_master_id),
    retailerInfo: JSON.stringify(data.retailerInfo),
    country: data.retailerInfo.country,
    userId: String(data.user_id),
    ushopSetting: data.ushopSetting,
    account_no: data.account_no,
    product_rates: data.tfs_setting_info.vat_setting.product_rates,
    tokenExpiry: data.token_expiry,
    name: data.name,
    image: data.image ?? '',
    firstLogin: String(data.firstLogin),
    role: data.role,
  };
  for (const key of SESSION_KEYS) localStorage.setItem(key, values[key]);
  setCookie(AUTH_COOKIE, data.token, secondsUntil(data.token_expiry));
  changed();
}

/** Where a half-filled new form is kept, per company and user (`issueFormDraft:{company}:{user}`). */
export const DRAFT_KEY_PREFIX = 'issueFormDraft:';

const clearedListeners = new Set<() => void>();

/** Runs `listener` whenever a session ends here (logout, expiry): caches drop the user's data. */
export function onSessionCleared(listener: () => void): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

/**
 * Forgets the session; the interface language (`vue-lang`) stays. An expired session keeps the
 * drafts, restored once the clerk signs in again; a logout (`{ drafts: true }`) removes them too, so
 * no traveller's details stay behind on a shared counter computer.
 */
export function clearSession({ drafts = false }: { drafts?: boolean } = {}): void {
  if (drafts) {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key?.startsWith(DRAFT_KEY_PREFIX)) localStorage.removeItem(key);
  }
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
  removeCookie(AUTH_COOKIE);
  clearedListeners.forEach((listener) => listener());
  changed();
}

export function findAuthToken(): string | null {
  return localStorage.getItem('authToken') || null;
}

export function isSignedIn(): boolean {
  return findAuthToken() !== null;
}

/** A token is stored but its cookie has run out. */
export function hasSessionExpired(): boolean {
  return isSignedIn() && !findCookie(AUTH_COOKIE);
}

export function markPasswordChanged(): void {
  localStorage.setItem('firstLogin', '0');
  changed();
}

/** Keeps the menu's name and picture in step after the profile is edited. */
export function updateStoredUser(user: { name?: string; image?: string | null }): void {
  if (user.name !== undefined) localStorage.setItem('name', user.name);
  if (user.image !== undefined) localStorage.setItem('image', user.image ?? '');
  changed();
}

/**
 * The branch a manager works in from now on (the branch switch): every screen reads and writes
 * that branch's data; the session, its role and its company stay.
 */
export function switchBranch(branch: { id: number; name: string }): void {
  localStorage.setItem('branchId', String(branch.id));
  const info = parseRetailerInfo(read('retailerInfo'));
  if (info) {
    const moved = { ...info, retailer_branch_id: branch.id, branch_name: branch.name };
    localStorage.setItem('retailerInfo', JSON.stringify(moved));
  }
  changed();
}

/**
 * A branch renamed (its own edit, or the shop information): the session keeps the name of the
 * branch it works in, which the breakdown prints, in step. Any other branch's name it holds not.
 */
export function renameStoredBranch(branchId: number | string, name: string): void {
  const info = parseRetailerInfo(read('retailerInfo'));
  if (!info || String(info.retailer_branch_id) !== String(branchId) || info.branch_name === name) {
    return;
  }
  localStorage.setItem('retailerInfo', JSON.stringify({ ...info, branch_name: name }));
  changed();
}

export function readSession(): Session | null {
  const raw = JSON.stringify(SESSION_KEYS.map((key) => localStorage.getItem(key)));
  if (snapshot?.raw === raw) return snapshot.session;
  const token = findAuthToken();
  const session: Session | null = token
    ? {
        token,
        username: read('username'),
        name: read('name'),
        image: read('image') || null,
        companyId: read('companyId'),
        branchId: read('branchId'),
        staffId: read('staffId'),
        userId: read('userId'),
        accountNo: read('account_no'),
        country: read('country'),
        ushopSetting: read('ushopSetting'),
        productRates: read('product_rates'),
        tokenExpiry: read('tokenExpiry'),
        retailerInfo: parseRetailerInfo(read('retailerInfo')),
        isFirstLogin: read('firstLogin') === '1',
        // A session stored before roles shows the counter only, until the next sign-in.
        role: isStaffRole(read('role')) ? (read('role') as StaffRole) : 'clerk',
      }
    : null;
  snapshot = { raw, session };
  return session;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes what this one should show.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (SESSION_KEYS as readonly string[]).includes(event.key)) changed();
  });
}
