import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/**
 * The leading bits of an IPv6 address that name one client. A home or a phone is given a whole /64
 * (RFC 6177, and mobile networks give each device one), and can take any address in it at will: keyed
 * by the full address, one client would have 2^64 tries at each per-address limit.
 */
const IPV6_CLIENT_BITS = 64;

/**
 * The key of a client address for per-address limits and caps (docs/product.md §Rate limits): an
 * IPv4 address as it is (written the same way when it comes IPv4-mapped, ::ffff:a.b.c.d), an IPv6
 * address by its /64 network. Anything else, which a socket never gives, is kept as it is.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toNormalizedString()}/${IPV6_CLIENT_BITS}`);
  return `${network.toString()}/${IPV6_CLIENT_BITS}`;
}

/** The client a request's per-address limits count it against (the address Fastify took from the socket or the trusted proxy). */
export function clientAddress(request: FastifyRequest): string {
  return addressKey(request.ip);
}
