import type { LoginResponseData } from '@taxfree/domain';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from './language';
import {
  DRAFT_KEY_PREFIX,
  SESSION_KEYS,
  clearSession,
  hasSessionExpired,
  readSession,
  renameStoredBranch,
  secondsUntil,
  startSession,
} from './session';

const login: LoginResponseData = {
  token: 'token-123',
  token_expiry: new Date(Date.now() + 3_600_000).toISOString(),
  company_id: 7,
  account_no: '100100',
  username: 'demo',
  name: 'Demo Retailer',
  image: null,
  user_master_id: 11,
  user_id: 12,
  role: 'manager',
  retailerInfo: { retailer_branch_id: 3, country: 'HR', branch_name: 'Main street' },
  ushopSetting: 'true',
  firstLogin: 0,
  tfs_setting_info: { vat_setting: { product_rates: '25,13,5' } },
};

describe('session storage', () => {
  it('stores every key the portal reads after login', () => {
    startSession(login);
    expect(localStorage.getItem('authToken')).toBe('token-123');
    expect(localStorage.getItem('username')).toBe('demo');
    expect(localStorage.getItem('companyId')).toBe('7');
    expect(localStorage.getItem('branchId')).toBe('3');
    expect(localStorage.getItem('staffId')).toBe('11');
    expect(localStorage.getItem('userId')).toBe('12');
    expect(JSON.parse(localStorage.getItem('retailerInfo') ?? '')).toEqual(login.retailerInfo);
    expect(localStorage.getItem('country')).toBe('HR');
    expect(localStorage.getItem('ushopSetting')).toBe('true');
    expect(localStorage.getItem('account_no')).toBe('100100');
    expect(localStorage.getItem('product_rates')).toBe('25,13,5');
    expect(localStorage.getItem('tokenExpiry')).toBe(login.token_expiry);
    expect(Cookies.get('authToken')).toBe('token-123');
    expect(readSession()).toMatchObject({
      token: 'token-123',
      companyId: '7',
      isFirstLogin: false,
    });
  });

  it("follows the name of the branch it works in, and no other's", () => {
    startSession(login);
    renameStoredBranch(4, 'Riva');
    expect(readSession()?.retailerInfo?.branch_name).toBe('Main street');
    renameStoredBranch(3, 'Main street, corner');
    expect(readSession()?.retailerInfo).toEqual({
      ...login.retailerInfo,
      branch_name: 'Main street, corner',
    });
  });

  it('clears them all on logout but keeps the language', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hr');
    startSession(login);
    clearSession();
    for (const key of SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(Cookies.get('authToken')).toBeUndefined();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hr');
    expect(readSession()).toBeNull();
  });

  it('keeps the drafts when a session expires and removes them on logout', () => {
    startSession(login);
    localStorage.setItem(`${DRAFT_KEY_PREFIX}7:12`, '{"version":1}');
    localStorage.setItem('unrelated', 'kept');
    clearSession();
    expect(localStorage.getItem(`${DRAFT_KEY_PREFIX}7:12`)).not.toBeNull();
    startSession(login);
    clearSession({ drafts: true });
    expect(localStorage.getItem(`${DRAFT_KEY_PREFIX}7:12`)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('counts a stored token without its cookie as expired', () => {
    startSession(login);
    expect(hasSessionExpired()).toBe(false);
    Cookies.remove('authToken', { path: '/' });
    expect(hasSessionExpired()).toBe(true);
  });

  it('lets the cookie live until the token expires, a day when that is unknown', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(secondsUntil('2025-01-01T02:00:00Z', now)).toBe(7200);
    expect(secondsUntil('garbage', now)).toBe(86_400);
  });
});
