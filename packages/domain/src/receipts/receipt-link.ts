/**
 * The links that Serbian and Croatian receipts' QR codes hold, taken apart without the URL class
 * (whose leniency with hosts, user names and '+' in queries is not wanted here).
 */

/** A link's host (lower case), path and query parameters (names in lower case, values decoded). */
export type ReceiptLink = {
  host: string;
  path: string;
  params: ReadonlyMap<string, string>;
};

/** An optional http(s) scheme, a host of letters, digits, dots and dashes, a path and a query. */
const LINK = /^(?:https?:\/\/)?([a-z0-9.-]+)(\/[^?#]*)?(?:\?([^#]*))?(?:#.*)?$/i;

function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The query's parameters; null when one is not `name=value`, cannot be decoded or comes twice. */
function readQuery(query: string): Map<string, string> | null {
  const params = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    if (at <= 0) return null;
    const name = decodeComponent(pair.slice(0, at));
    const value = decodeComponent(pair.slice(at + 1));
    if (name === null || value === null) return null;
    const key = name.toLowerCase();
    if (params.has(key)) return null;
    params.set(key, value);
  }
  return params;
}

/**
 * Takes a link apart: `https://suf.purs.gov.rs/v/?vl=…` gives host `suf.purs.gov.rs`, path `/v/`
 * and `vl`. The scheme may be missing; anything but a plain host (a port, a user name) is refused.
 * '+' stays '+' (base64 uses it), not a space as in a form's query.
 */
export function readReceiptLink(code: string): ReceiptLink | null {
  const parts = LINK.exec(code);
  if (!parts) return null;
  const [, host = '', path = '/', query = ''] = parts;
  const params = readQuery(query);
  if (!params) return null;
  return { host: host.toLowerCase(), path, params };
}
