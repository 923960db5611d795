import type { PlainCode } from '@annadaan/contract/message-codes';
import dns from 'node:dns';
import net from 'node:net';

/**
 * Which push-service addresses the server may post to (SSRF). A subscription's endpoint comes
 * from the browser, so anyone signed in can name any URL; unchecked, the server would post to
 * its own admin ports, a cloud metadata service or the LAN. Only https origins on the default
 * port whose host resolves to public addresses pass, unless the origin is listed in
 * PUSH_ALLOWED_ORIGINS (a local push service in tests). The check runs twice: on the URL when
 * someone subscribes (a 400 naming the field) and on the address actually connected to when
 * sending, through the request's `lookup`, so a name that resolves differently later (DNS
 * rebinding) cannot get past it.
 */

/** Ranges that are not the public internet: this host, private networks, link-local, shared, documentation, multicast, reserved. */
const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped and -translated forms are checked as the IPv4 address they carry (below).
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::a.b.c.d), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] && hex[2]) {
    const high = Number.parseInt(hex[1], 16);
    const low = Number.parseInt(hex[2], 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return null;
}

/** Whether an IP address is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = net.isIP(bare);
  if (version === 4) return !BLOCKED.check(bare, 'ipv4');
  if (version === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return !BLOCKED.check(v4, 'ipv4');
    return !BLOCKED.check(bare, 'ipv6');
  }
  return false;
}

export class PushEndpointRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushEndpointRefused';
  }
}

/**
 * Why an endpoint may not be posted to, judged on the URL alone (no DNS), or null when it may.
 * On subscribing, names that can only be local (localhost, .local, one label) are refused too;
 * on sending, a name is judged on the addresses it resolves to (`publicOnlyLookup`).
 */
export function endpointProblem(endpoint: string, allowedOrigins: readonly string[], stage: 'subscribe' | 'send'): PlainCode | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'PUSH_ENDPOINT_NOT_URL';
  }
  if (allowedOrigins.includes(url.origin)) return null;
  if (url.protocol !== 'https:') return 'PUSH_ENDPOINT_NOT_HTTPS';
  if (url.username || url.password) return 'PUSH_ENDPOINT_CREDENTIALS';
  if (url.port !== '') return 'PUSH_ENDPOINT_PORT';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) !== 0) return isPublicAddress(host) ? null : 'PUSH_ENDPOINT_PRIVATE';
  if (stage === 'send') return null;
  if (!host.includes('.') || /\.(localhost|local|internal|lan|home|corp|intranet|invalid|test|example)$/i.test(host) || host.toLowerCase() === 'localhost') {
    return 'PUSH_ENDPOINT_PRIVATE';
  }
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves as usual and refuses the connection when any
 * address the name resolves to is not public: the check is on the addresses the socket will
 * use, not on an earlier answer.
 */
export function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, []);
      return;
    }
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      const problem: NodeJS.ErrnoException = new PushEndpointRefused(`The push service host ${hostname} resolves to an address that is not public.`);
      problem.code = 'EPUSHREFUSED';
      callback(problem, []);
      return;
    }
    if (options.all) callback(null, addresses);
    else {
      const first = addresses[0];
      if (!first) callback(new PushEndpointRefused(`The push service host ${hostname} has no address.`), []);
      else callback(null, first.address, first.family);
    }
  });
}
