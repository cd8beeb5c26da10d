// Webhook endpoints must be public HTTPS (spec "Events"): checked by name at registration,
// and again by resolved address at delivery, so a public name that resolves to a private
// address (DNS rebinding) is not reached either. `--allow-insecure-webhooks` turns both
// checks off for tests and the app's local workspace, which receive on 127.0.0.1.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ApiError } from '../http/apiError.ts';

const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/** Names that never reach the public internet (RFC 6761 and common private suffixes). */
const PRIVATE_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'localdomain',
  'home.arpa',
  'lan',
  'test',
  'invalid',
  'example',
];

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

function invalidUrl(message: string): ApiError {
  return new ApiError('request.invalid', `Invalid body. url: ${message}`, {
    details: { issues: [{ path: 'url', message }] },
  });
}

/** The URL to deliver to (normalised, without a fragment), or a 400 that says what to change. */
export function checkWebhookUrl(raw: string, allowInsecure: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidUrl('must be an absolute URL such as https://hooks.example.com/clipdesk');
  }
  if (url.username || url.password) throw invalidUrl('must not carry a user name or password');
  url.hash = '';
  const insecureHint = 'the sandbox accepts local receivers only when started with --allow-insecure-webhooks';
  if (url.protocol !== 'https:' && !(allowInsecure && url.protocol === 'http:')) {
    throw new ApiError(
      'webhook.url_not_https',
      `url must start with https:// (${url.protocol}// is not accepted; ${insecureHint}).`,
    );
  }
  if (allowInsecure) return url.href;

  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 0) {
    const kind = isPublicAddress(bare) ? 'an IP address' : 'a private, loopback or link-local address';
    throw new ApiError(
      'webhook.url_not_allowed',
      `url must name a public host, not ${kind} (${bare}); use a public DNS name — ${insecureHint}.`,
    );
  }
  if (!host.includes('.') || PRIVATE_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) {
    throw new ApiError(
      'webhook.url_not_allowed',
      `url must name a public host; ${host} is local or private. Use a public DNS name (or a tunnel) — ${insecureHint}.`,
    );
  }
  return url.href;
}

/** A DNS lookup for outgoing deliveries that refuses names resolving to non-public addresses. */
export const publicOnlyLookup = ((
  hostname: string,
  options: { all?: boolean },
  callback: (...args: unknown[]) => void,
) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err);
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked || addresses.length === 0) {
      const error = Object.assign(
        new Error(`${hostname} resolves to ${blocked?.address ?? 'no address'}, which is not a public address`),
        {
          code: 'EADDRNOTPUBLIC',
        },
      );
      return callback(error);
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}) as unknown as LookupFunction;
