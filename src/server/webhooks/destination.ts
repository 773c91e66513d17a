/**
 * Where a webhook may be sent (docs/decisions/028, amendment "destinations"): never to this
 * machine, a link-local neighbour, the unspecified address or a cloud metadata service, unless
 * `HUB_WEBHOOK_ALLOW_PRIVATE` says so. Checked when an endpoint is saved (its literal address, or
 * every address its name resolves to) and again when a message is sent, on the address the
 * request then connects to, so a name that later resolves elsewhere (DNS rebinding) is refused.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Why a destination is refused; each is a field error code under `webhooks.field.error.*`. */
export type RefusedDestination = 'URL_LOOPBACK' | 'URL_LINK_LOCAL' | 'URL_UNSPECIFIED' | 'URL_METADATA';

function blockList(build: (list: BlockList) => void): BlockList {
  const list = new BlockList();
  build(list);
  return list;
}

// Metadata first: 169.254.169.254 is link-local too, but "metadata" says more.
const refusedRanges: [RefusedDestination, BlockList][] = [
  [
    'URL_METADATA',
    blockList((list) => {
      list.addAddress('169.254.169.254'); // AWS, GCP, Azure, OpenStack, DigitalOcean…
      list.addAddress('169.254.170.2'); // AWS ECS task credentials
      list.addAddress('100.100.100.200'); // Alibaba Cloud
      list.addAddress('fd00:ec2::254', 'ipv6'); // AWS over IPv6
    }),
  ],
  [
    'URL_LOOPBACK',
    blockList((list) => {
      list.addSubnet('127.0.0.0', 8);
      list.addAddress('::1', 'ipv6');
    }),
  ],
  [
    'URL_UNSPECIFIED',
    blockList((list) => {
      // 0.0.0.0/8 is "this network": Linux connects 0.x.y.z to the machine itself.
      list.addSubnet('0.0.0.0', 8);
      list.addAddress('::', 'ipv6');
    }),
  ],
  [
    'URL_LINK_LOCAL',
    blockList((list) => {
      list.addSubnet('169.254.0.0', 16);
      list.addSubnet('fe80::', 10, 'ipv6');
    }),
  ],
];

/** Host names of metadata services, refused without asking DNS. */
const metadataNames = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

/** An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`) as its IPv4 address. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!mapped) return address;
  if (mapped[1]) return mapped[1];
  const high = parseInt(mapped[2]!, 16);
  const low = parseInt(mapped[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Why a literal IP address is refused, or undefined when it may be used. */
export function refusedAddress(address: string): RefusedDestination | undefined {
  const plain = unmapped(address.replace(/^\[|\]$/g, '').toLowerCase());
  const family = isIP(plain);
  if (family === 0) return undefined;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return refusedRanges.find(([, list]) => list.check(plain, type))?.[0];
}

/** Why a host name is refused without resolving it (a metadata name, `localhost`), if it is. */
function refusedName(hostname: string): RefusedDestination | undefined {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (metadataNames.has(name)) return 'URL_METADATA';
  if (name === 'localhost' || name.endsWith('.localhost')) return 'URL_LOOPBACK';
  return undefined;
}

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );
}

/**
 * Why an endpoint URL (already parsed by `new URL`, which normalises IPv4 spellings such as
 * `2130706433`, `0x7f.1` or `127.1`) is refused, or undefined. A name is refused when any of its
 * addresses is; a name that does not resolve now is accepted (it is checked again at send time).
 */
export async function checkDestination(url: URL, allowPrivate: boolean): Promise<RefusedDestination | undefined> {
  if (allowPrivate) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return refusedAddress(host);
  const byName = refusedName(host);
  if (byName) return byName;
  const addresses = await resolveAll(host).catch(() => []);
  for (const { address } of addresses) {
    const refused = refusedAddress(address);
    if (refused) return refused;
  }
  return undefined;
}

/** The error a guarded connection fails with; its code is the attempt's error. */
export class DestinationRefusedError extends Error {
  readonly code: string;
  constructor(reason: RefusedDestination) {
    super(`webhook destination refused: ${reason}`);
    this.code = `DESTINATION_REFUSED_${reason.replace(/^URL_/, '')}`;
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Resolves a name to all its addresses (`dns.lookup` with `all: true`). */
export type Resolver = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for `http.request` that resolves once (with `resolve`, DNS by default), refuses the
 * whole name if any address is refused, and hands the socket exactly the addresses it checked.
 */
export function createGuardedLookup(resolve: Resolver = dnsLookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const byName = refusedName(hostname);
    if (byName) return callback(new DestinationRefusedError(byName), []);
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      for (const { address } of addresses) {
        const refused = refusedAddress(address);
        if (refused) return callback(new DestinationRefusedError(refused), []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/** The DNS-backed guarded lookup deliveries use. */
export const guardedLookup = createGuardedLookup();
