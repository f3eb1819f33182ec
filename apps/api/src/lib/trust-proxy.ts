import net from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Which hops in front of the server may speak for the client (`X-Forwarded-For`, `-Proto`,
 * `-Host`): none, the nearest `hops` (the server is reachable through them only), or the proxies
 * at these addresses. Never "every hop": the leftmost `X-Forwarded-For` entry is whatever the
 * client wrote, and a throttle counting by it counts what the client chooses.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's names for address ranges, accepted beside addresses and CIDR ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const MAX_HOPS = 10;

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= bits;
}

/**
 * Reads `TRUST_PROXY`: `false` (or `0`), a number of hops, or a comma-separated list of proxy
 * addresses and ranges. Answers the setting, or the reason the text is not one.
 */
export function parseTrustProxy(text: string): { value: TrustProxy } | { error: string } {
  const value = text.trim().toLowerCase();
  if (['false', '0', 'no', 'off'].includes(value)) return { value: false };
  if (['true', 'yes', 'on', 'all'].includes(value)) {
    return {
      error:
        'trusting every hop lets a client choose its own address; give the number of proxies in front of the server (1 behind one proxy) or their addresses',
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) return { error: `at most ${MAX_HOPS} proxy hops` };
    return { value: { hops } };
  }
  const addresses = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = addresses.find((entry) => !isAddressOrRange(entry));
  if (addresses.length === 0 || wrong !== undefined) {
    return {
      error: `"${wrong ?? text}" is neither false, a number of hops, nor a proxy's address or CIDR range`,
    };
  }
  return { value: { addresses } };
}

/** Whether the hop `address`, `index` hops away (0: the socket's peer), may speak for the client. */
export type TrustFunction = (address: string, index: number) => boolean;

/**
 * The trust function Fastify and proxy-addr ask for each hop, nearest first. A hop count trusts
 * the first `hops` whatever their address (Fastify itself trusts nothing for a bare number): the
 * client's address is then the entry the farthest trusted proxy appended.
 */
export function trustFunction(setting: TrustProxy): TrustFunction | false {
  if (setting === false) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address, index) => index < hops;
  }
  return proxyAddr.compile(setting.addresses);
}
