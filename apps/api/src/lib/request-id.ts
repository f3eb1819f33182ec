import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TrustFunction } from './trust-proxy.ts';

/** An id a proxy may hand on: a UUID, nginx's `$request_id`, a load balancer's trace id. */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:=-]{0,127}$/;

/**
 * Each request's id for its log lines: the `X-Request-Id` a trusted proxy sent when it is well
 * formed, so that the proxy's and the server's lines meet; otherwise a new one. A client's own
 * id is never taken: it could make its lines pass for another request's.
 */
export function requestIdGenerator(trust: TrustFunction | false) {
  return (request: IncomingMessage): string => {
    const given = request.headers['x-request-id'];
    const peer = request.socket?.remoteAddress;
    if (
      trust &&
      typeof given === 'string' &&
      peer !== undefined &&
      trust(peer, 0) &&
      WELL_FORMED.test(given)
    ) {
      return given;
    }
    return crypto.randomUUID();
  };
}
