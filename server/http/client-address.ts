import 'server-only';
import net from 'node:net';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';

/**
 * The guest's address, for the per-address limits (docs/security.md, "The client address").
 *
 * The rule: take the addresses the request passed through, oldest first: the entries of
 * `X-Forwarded-For`, then the socket's peer. The last one is the socket. With
 * `TRUST_PROXY_HOPS=n` (default 0), the last n are proxies of ours, and the guest is the
 * one before them; an entry further left was written by the client and is never believed.
 *
 * Route handlers cannot see the socket (Next 16 copies the socket's address into
 * `X-Forwarded-For` only when the client sent none), so the server's `request` event is
 * wrapped once per process (`installClientAddress`, from instrumentation.ts, which every
 * way of serving runs: `npm start`, `next start`, `next dev`): it computes the address from
 * the socket before Next reads the request, and writes it into CLIENT_ADDRESS_HEADER
 * together with a mark only this process knows, replacing whatever the client sent.
 */
export const CLIENT_ADDRESS_HEADER = 'x-frontpage-client-address';
export const CLIENT_MARK_HEADER = 'x-frontpage-client-mark';

type Shared = { __frontpageClientMark?: string };
const shared = globalThis as typeof globalThis & Shared;

/** `TRUST_PROXY_HOPS`: how many proxies of ours stand in front of the server (0 to 10). */
export function trustedHops(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.TRUST_PROXY_HOPS ?? 0);
  return Number.isInteger(n) && n >= 0 ? Math.min(n, 10) : 0;
}

/** `::ffff:1.2.3.4` (IPv4 on an IPv6 socket) is 1.2.3.4; anything else is kept as written, lower case. */
export function normalizeAddress(address: string): string {
  const value = address.trim().toLowerCase();
  return value.startsWith('::ffff:') && value.includes('.') ? value.slice(7) : value;
}

/** `LIMIT_IPV6_PREFIX`: how many leading bits of an IPv6 address name one client (default 64, 16 to 128). */
export function ipv6PrefixBits(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.LIMIT_IPV6_PREFIX ?? 64);
  return Number.isInteger(n) && n >= 16 && n <= 128 ? n : 64;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a trailing dotted IPv4 spelled out), or null. */
function ipv6Groups(address: string): number[] | null {
  let value = address.replace(/%.*$/, '');
  if (!net.isIPv6(value)) return null;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(value);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    value = `${value.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = value.includes('::') ? value.split('::') : [value, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === null ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * Who a limit counts (docs/security.md, "The client address"): an IPv4 address as it is (also
 * when written IPv4-mapped, `::ffff:1.2.3.4` or `::ffff:102:304`); an IPv6 address by its
 * network of `LIMIT_IPV6_PREFIX` bits, `2001:db8:1:2:0:0:0:0/64`, since every home or mobile line
 * gets a whole /64 to pick addresses from. Anything else (`unknown`) as it is.
 */
export function limitIdentity(address: string, bits = ipv6PrefixBits()): string {
  const value = normalizeAddress(address);
  const groups = ipv6Groups(value);
  if (!groups) return value;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return `${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`;
  const masked = groups.map((g, i) => {
    const keep = Math.max(0, Math.min(16, bits - i * 16));
    return keep === 0 ? 0 : g & (0xffff << (16 - keep)) & 0xffff;
  });
  return `${masked.map((g) => g.toString(16)).join(':')}/${bits}`;
}

/**
 * The rule itself: `forwardedFor` as the request carried it (one header or several), the
 * socket's peer, and the number of trusted hops. With more hops than addresses, the
 * oldest address is taken (a proxy that wrote no header cannot be skipped).
 */
export function clientAddressFrom(forwardedFor: string | string[] | undefined, socket: string | undefined, hops: number): string {
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = socket ? [...forwarded, socket] : forwarded;
  if (!chain.length) return 'unknown';
  return normalizeAddress(chain[Math.max(0, chain.length - 1 - hops)]);
}

/** Writes the computed address into the request, replacing any copy the client sent. */
export function stampRequest(request: IncomingMessage, mark: string, hops = trustedHops()) {
  request.headers[CLIENT_ADDRESS_HEADER] = clientAddressFrom(request.headers['x-forwarded-for'], request.socket?.remoteAddress, hops);
  request.headers[CLIENT_MARK_HEADER] = mark;
}

/**
 * Wraps the `request` event of every HTTP(S) server of this process (net.Server is the base
 * of both), so the address is stamped before any listener (Next) sees the request. Once per process.
 */
export function installClientAddress() {
  if (shared.__frontpageClientMark) return;
  const mark = randomUUID();
  const prototype = net.Server.prototype as unknown as { emit: (this: net.Server, event: string | symbol, ...args: unknown[]) => boolean };
  const emit = prototype.emit;
  prototype.emit = function (this: net.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request' && args[0] && typeof args[0] === 'object' && 'headers' in args[0]) stampRequest(args[0] as IncomingMessage, mark);
    return emit.call(this, event, ...args);
  };
  shared.__frontpageClientMark = mark;
}

/**
 * The guest's address of a request a route handler got. The stamped header when this process
 * stamped it; otherwise (a request that did not come through a wrapped server, e.g. a test
 * calling a handler directly) the same rule over `X-Forwarded-For` alone, whose last entry
 * Next wrote from the socket when the client sent none.
 */
export function clientAddress(headers: Headers): string {
  const mark = shared.__frontpageClientMark;
  if (mark && headers.get(CLIENT_MARK_HEADER) === mark) return headers.get(CLIENT_ADDRESS_HEADER) || 'unknown';
  return clientAddressFrom(headers.get('x-forwarded-for') ?? undefined, undefined, trustedHops());
}
