import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent: only to public unicast addresses, unless the server is told
 * otherwise (WEBHOOK_ALLOW_PRIVATE_TARGETS). Private, loopback, link-local, unique-local,
 * carrier-grade NAT, multicast, reserved and the v6 forms that embed a v4 address are refused,
 * whether written in the URL or answered by DNS, so that a webhook cannot reach into the
 * server's own network (the metadata service, the database, the shop's neighbours).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** A target the server refuses to reach. */
export class RefusedTarget extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private or reserved address`);
  }
}

type LookupOptions = dns.LookupOptions;
type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the connection itself: it resolves the name and refuses it when any address is
 * not public, so that a name resolving outward when the webhook was saved and inward when it is
 * sent (DNS rebinding) is refused too.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const inward = addresses.find((entry) => !isPublicAddress(entry.address));
      if (inward && !allowPrivate) return callback(new RefusedTarget(hostname, inward.address), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), []);
      callback(null, first.address, first.family);
    });
  };
}

/** The URL's host as the resolver takes it: an IPv6 literal without its brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Whether the server would send to `url` now: its literal address, or every address its name
 * resolves to, is public (or private targets are allowed). Answers the reason it would not.
 */
export async function targetRefusal(url: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const host = hostOf(new URL(url));
  if (net.isIP(host)) return isPublicAddress(host) ? null : `${host} is not a public address`;
  try {
    const addresses = await dns.promises.lookup(host, { all: true });
    const inward = addresses.find((entry) => !isPublicAddress(entry.address));
    return inward ? new RefusedTarget(host, inward.address).message : null;
  } catch {
    // A name that does not resolve yet may later: its tries will say so in the delivery log.
    return null;
  }
}
