import ipaddr from 'ipaddr.js';
import { addressKey } from '../../base/db/address-keys.js';

/**
 * Where a host's addresses lie: the placement rule the network-mapping diagram and a network's
 * hosts share. An address belongs to the most specific network (longest prefix) that holds it,
 * the first by id among networks of the same CIDR; an IPv4-mapped IPv6 address counts as its
 * IPv4 address, and an IPv4 address lies in no IPv6 network.
 *
 * Addresses and ranges are compared as keys that sort like the numbers (db/address-keys.ts, the
 * form of `server_addresses.address`): '4' and 8 hex digits, or '6' and 32. Only what the API
 * accepts as an address (node:net isIP) is placed.
 */

export { addressKey };

const hex = (bytes: number[]) => bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** The distinct keys of a host's addresses, sorted (what server_addresses holds for it). */
export function addressKeys(addresses: readonly string[]): string[] {
  return [...new Set(addresses.map(addressKey).filter((key): key is string => key !== undefined))].sort();
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

/** An inclusive range of address keys of one family. */
export interface KeyRange {
  start: string;
  end: string;
}

interface Placed {
  id: string;
  family: '4' | '6';
  start: bigint;
  end: bigint;
  /** The innermost network holding this one, as an index into the sorted list. */
  parent: number | undefined;
}

const BITS = { '4': 32, '6': 128 } as const;
const keyOf = (family: '4' | '6', value: bigint) => `${family}${value.toString(16).padStart(BITS[family] / 4, '0')}`;

/**
 * The networks of a workspace (or of a diagram) arranged for placing addresses: CIDRs either
 * nest or are disjoint, so sorted by start (wider first) each network has one innermost parent,
 * and an address is found by one binary search and a walk up its parents, rather than by testing
 * it against every network.
 */
export class NetworkPlacement {
  private readonly placed: Placed[] = [];
  private readonly indexOf = new Map<string, number>();

  constructor(networks: readonly { id: string; cidr: string }[]) {
    const parsed = networks.flatMap(({ id, cidr }) => {
      try {
        const [address, prefix] = ipaddr.parseCIDR(cidr);
        const family = address.kind() === 'ipv4' ? '4' : '6';
        const bits = BITS[family];
        const value = BigInt(`0x${hex(address.toByteArray())}`);
        const size = 1n << BigInt(bits - prefix);
        const start = value - (value % size);
        return [{ id, family, start, end: start + size - 1n, parent: undefined } as Placed];
      } catch {
        return [];
      }
    });
    parsed.sort((a, b) =>
      a.family !== b.family
        ? a.family < b.family
          ? -1
          : 1
        : a.start !== b.start
          ? a.start < b.start
            ? -1
            : 1
          : a.end !== b.end
            ? a.end > b.end
              ? -1
              : 1
            : a.id < b.id
              ? -1
              : a.id > b.id
                ? 1
                : 0,
    );
    const ancestors: number[] = [];
    for (const network of parsed) {
      while (ancestors.length > 0) {
        const top = this.placed[ancestors.at(-1)!]!;
        if (top.family === network.family && top.end >= network.end) break;
        ancestors.pop();
      }
      const parent = ancestors.at(-1);
      const holder = parent === undefined ? undefined : this.placed[parent]!;
      // A second network of the same CIDR holds no address: the first by id takes them.
      if (holder && holder.start === network.start && holder.end === network.end) continue;
      network.parent = parent;
      this.indexOf.set(network.id, this.placed.length);
      ancestors.push(this.placed.length);
      this.placed.push(network);
    }
  }

  /** The id of the most specific network holding the address, if any. */
  networkOf(address: string): string | undefined {
    const key = addressKey(address);
    if (!key) return undefined;
    const family = key[0] as '4' | '6';
    const value = BigInt(`0x${key.slice(1)}`);
    // The last network (in the sorted order) starting at or before the address.
    let low = 0;
    let high = this.placed.length - 1;
    let found: number | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const network = this.placed[middle]!;
      if (network.family < family || (network.family === family && network.start <= value)) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    for (let at = found; at !== undefined; at = this.placed[at]!.parent) {
      const network = this.placed[at]!;
      if (network.family !== family) return undefined;
      if (network.start <= value && value <= network.end) return network.id;
    }
    return undefined;
  }

  /**
   * The address ranges whose most specific network is this one: its CIDR less the networks
   * inside it. Empty for an unknown network or a second network of the same CIDR.
   */
  rangesOf(networkId: string): KeyRange[] {
    const at = this.indexOf.get(networkId);
    if (at === undefined) return [];
    const network = this.placed[at]!;
    const ranges: KeyRange[] = [];
    let next = network.start;
    for (
      let child = at + 1;
      child < this.placed.length &&
      this.placed[child]!.start <= network.end &&
      this.placed[child]!.family === network.family;
      child++
    ) {
      const inner = this.placed[child]!;
      if (inner.parent !== at) continue;
      if (inner.start > next)
        ranges.push({ start: keyOf(network.family, next), end: keyOf(network.family, inner.start - 1n) });
      next = inner.end + 1n;
    }
    if (next <= network.end)
      ranges.push({ start: keyOf(network.family, next), end: keyOf(network.family, network.end) });
    return ranges;
  }
}
