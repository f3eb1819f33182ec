import { describe, expect, it } from 'vitest';
import { parseTrustProxy, trustFunction } from './trust-proxy.ts';

describe('TRUST_PROXY', () => {
  it('reads false, a number of hops, or proxy addresses and ranges', () => {
    expect(parseTrustProxy('false')).toEqual({ value: false });
    expect(parseTrustProxy('0')).toEqual({ value: false });
    expect(parseTrustProxy('1')).toEqual({ value: { hops: 1 } });
    expect(parseTrustProxy(' 2 ')).toEqual({ value: { hops: 2 } });
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16,loopback, ::1, fd00::/8')).toEqual({
      value: { addresses: ['10.0.0.5', '10.1.0.0/16', 'loopback', '::1', 'fd00::/8'] },
    });
  });

  it('refuses to trust every hop, and what is neither hops nor addresses', () => {
    expect(parseTrustProxy('true')).toEqual({ error: expect.stringMatching(/every hop/) });
    expect(parseTrustProxy('yes')).toEqual({ error: expect.stringMatching(/every hop/) });
    expect(parseTrustProxy('11')).toEqual({ error: expect.stringMatching(/at most 10/) });
    expect(parseTrustProxy('proxy.internal')).toHaveProperty('error');
    expect(parseTrustProxy('10.0.0.0/33')).toHaveProperty('error');
    expect(parseTrustProxy('10.0.0.1/8/2')).toHaveProperty('error');
    expect(parseTrustProxy(',')).toHaveProperty('error');
  });

  it('trusts the nearest hops by count, and by address only the proxies named', () => {
    const one = trustFunction({ hops: 1 });
    expect(one && one('203.0.113.1', 0)).toBe(true);
    expect(one && one('203.0.113.1', 1)).toBe(false);
    const named = trustFunction({ addresses: ['10.0.0.0/8'] });
    expect(named && named('10.2.3.4', 0)).toBe(true);
    expect(named && named('10.2.3.4', 3)).toBe(true);
    expect(named && named('192.0.2.1', 0)).toBe(false);
    expect(trustFunction(false)).toBe(false);
  });
});
