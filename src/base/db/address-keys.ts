import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The stored form of a host's address (`server_addresses.address`): a key that
 * sorts like the number, so that a network's addresses are one range of an index. '4' and 8 hex
 * digits for IPv4 (an IPv4-mapped IPv6 address counts as its IPv4 address), '6' and 32 for IPv6.
 * Only what the API accepts as an address (node:net isIP, as servers' ipList checks) has a key; a
 * zone index (fe80::1%eth0) is no part of it. SQLite calls this as estate_address_key()
 * (db/database.ts); PostgreSQL's function of that name gives the same keys.
 */
export function addressKey(address: string): string | undefined {
  if (isIP(address) === 0) return undefined;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(address.replace(/%.*$/, ''));
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return `${parsed.kind() === 'ipv4' ? 4 : 6}${parsed
    .toByteArray()
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * SQLite: the key of a server's first address, of the row `row` (NEW in a trigger, or the table's
 * name): what the address sort orders by (`servers.ip_key`, migration 0014), null without one.
 */
export const sqliteIpKey = (row: string): string =>
  `estate_address_key(CASE WHEN json_valid(${row}.ip_addresses) AND json_type(${row}.ip_addresses) = 'array'
    THEN json_extract(${row}.ip_addresses, '$[0]') END)`;
