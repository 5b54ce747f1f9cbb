// Webhooks reach public addresses only (docs/spec/notifications-and-api.md): a URL that names, or
// resolves to, a loopback, private, link-local or otherwise internal address would let a project
// admin make the server call its own network (a cloud's metadata service, an admin port). The
// check runs when a webhook is saved and again before every delivery, since DNS answers change;
// the delivery then connects to the very address checked (pinnedLookup), so a name that resolves
// differently a moment later cannot slip past it.
import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";

export const PRIVATE_ADDRESS_MESSAGE =
  "url points to a private or loopback address; webhooks may only reach public addresses.";

/** Why a URL's host may not be called: private, or not found. The message names url. */
export class RefusedTargetError extends Error {
  override name = "RefusedTargetError";
}

const internal = new BlockList();
const IPV4_RANGES: [string, number][] = [
  ["0.0.0.0", 8], // "this network", with the unspecified address
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, where clouds serve instance metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // protocol assignments
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // network benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
];
const IPV6_RANGES: [string, number][] = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // the old site-local
  ["ff00::", 8], // multicast
];
for (const [network, prefix] of IPV4_RANGES) internal.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of IPV6_RANGES) internal.addSubnet(network, prefix, "ipv6");

/** The 16 bytes of an IPv6 address (zone removed), or null when it is not one. */
function ipv6Bytes(text: string): number[] | null {
  let address = text.split("%")[0];
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    if (isIP(dotted[1]) !== 4) return null;
    tail.push(...dotted[1].split(".").map(Number));
    address = `${address.slice(0, -dotted[1].length)}0:0`;
  }
  const [head, rest] = address.split("::");
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const before = groups(head);
  const after = groups(rest);
  const missing = 8 - before.length - after.length;
  if (address.includes("::") ? missing < 1 : missing !== 0) return null;
  const all = [...before, ...Array(address.includes("::") ? missing : 0).fill("0"), ...after];
  const bytes = all.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes.length === 16 && bytes.every((byte) => Number.isInteger(byte)) ? bytes : null;
}

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64 or 6to4 forms), if any. */
function embeddedIpv4(bytes: number[]): string | null {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const quad = (at: number) => bytes.slice(at, at + 4).join(".");
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return quad(12); // ::ffff:a.b.c.d
  if (zeros(0, 12)) return quad(12); // ::a.b.c.d
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12))
    return quad(12); // 64:ff9b::a.b.c.d
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return quad(2); // 2002:aabb:ccdd::
  return null;
}

/**
 * Whether a webhook may not reach this address: anything internal, an IPv4 address inside an
 * IPv6 one included; text that is not an address at all is refused too.
 * @example isInternalAddress("10.1.2.3") // true
 * @example isInternalAddress("::ffff:127.0.0.1") // true
 * @example isInternalAddress("93.184.215.14") // false
 */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return internal.check(address, "ipv4");
  if (family !== 6) return true;
  const bytes = ipv6Bytes(address);
  if (!bytes) return true;
  const text = address.split("%")[0];
  if (internal.check(text, "ipv6")) return true;
  const ipv4 = embeddedIpv4(bytes);
  return ipv4 !== null && internal.check(ipv4, "ipv4");
}

/** A URL's host as DNS is asked for it: an IPv6 literal loses its brackets. */
export const hostOf = (url: string) => new URL(url).hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Resolves the URL's host (every address it has) and answers the one to connect to, or throws
 * RefusedTargetError when any of them is internal or the host is not found.
 */
export async function resolvePublicTarget(url: string): Promise<LookupAddress> {
  const host = hostOf(url);
  let addresses: LookupAddress[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new RefusedTargetError(`url's host ${host} could not be found.`);
  }
  if (addresses.length === 0) throw new RefusedTargetError(`url's host ${host} could not be found.`);
  if (addresses.some((entry) => isInternalAddress(entry.address)))
    throw new RefusedTargetError(PRIVATE_ADDRESS_MESSAGE);
  return addresses[0];
}

/** A `lookup` for http.request that answers only the address already checked. */
export function pinnedLookup(target: LookupAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
}
