import ipaddr from 'ipaddr.js';

/**
 * Where a host's addresses lie: the placement rule the network-mapping diagram and a network's
 * hosts share. An address belongs to the most specific network (longest prefix) that holds it;
 * an IPv4-mapped IPv6 address counts as its IPv4 address.
 */

export type NetworkRange = { id: string; range: [ipaddr.IPv4 | ipaddr.IPv6, number] };

export function rangeOf(network: { id: string; cidr: string }): NetworkRange {
  return { id: network.id, range: ipaddr.parseCIDR(network.cidr) };
}

/** The most specific network holding an address (longest prefix), if any. */
export function networkOf(address: string, ranges: readonly NetworkRange[]): string | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return undefined;
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  let best: NetworkRange | undefined;
  for (const candidate of ranges) {
    if (candidate.range[0].kind() === parsed.kind() && parsed.match(candidate.range) && (!best || candidate.range[1] > best.range[1])) best = candidate;
  }
  return best?.id;
}

/** A server's stored addresses (a JSON array of strings); anything else counts as none. */
export function addressesOf(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((address): address is string => typeof address === 'string') : [];
  } catch {
    return [];
  }
}
