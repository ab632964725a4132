import ipaddr from 'ipaddr.js';
import { ApiError } from '../../base/errors/api-error.js';

/** Parses a CIDR; host bits must be zero (10.0.0.0/24, not 10.0.0.5/24). Returns the canonical text. */
export function canonicalCidr(value: string): string {
  let parsed: [ipaddr.IPv4 | ipaddr.IPv6, number];
  try {
    parsed = ipaddr.parseCIDR(value.trim());
  } catch {
    throw new ApiError('bad_request', `cidr "${value}" is not a valid CIDR such as 10.0.0.0/24 or 2001:db8::/48`);
  }
  const [address, prefix] = parsed;
  const network =
    address.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(value.trim())
      : ipaddr.IPv6.networkAddressFromCIDR(value.trim());
  if (network.toString() !== address.toString()) {
    throw new ApiError(
      'bad_request',
      `cidr "${value}" has host bits set; the network is ${network.toString()}/${prefix}`,
    );
  }
  return `${network.toString()}/${prefix}`;
}

/**
 * A key that sorts canonical CIDRs by address, numerically, then by prefix length: IPv4 before
 * IPv6, each address as fixed-width hexadecimal (10.1.2.0/24 before 10.1.10.0/24).
 */
export function cidrKey(cidr: string): string {
  const [address, prefix] = ipaddr.parseCIDR(cidr);
  const hex = address
    .toByteArray()
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
  return `${address.kind() === 'ipv4' ? 4 : 6}${hex}/${String(prefix).padStart(3, '0')}`;
}

/** Whether an address lies inside a canonical CIDR. */
export function cidrContains(cidr: string, address: string): boolean {
  try {
    const ip = ipaddr.parse(address);
    const range = ipaddr.parseCIDR(cidr);
    return ip.kind() === range[0].kind() && ip.match(range);
  } catch {
    return false;
  }
}
