import net from 'node:net'

/** Where our own proxies live: loopback, the private ranges (docker networks) and link-local addresses. */
const PROXY_NETWORKS = new net.BlockList()
for (const [prefix, bits] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const) {
  PROXY_NETWORKS.addSubnet(prefix, bits, 'ipv4')
}
PROXY_NETWORKS.addAddress('::1', 'ipv6')
PROXY_NETWORKS.addSubnet('fc00::', 7, 'ipv6')
PROXY_NETWORKS.addSubnet('fe80::', 10, 'ipv6')

export function isProxyAddress(address: string): boolean {
  const ip = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
  const family = net.isIP(ip)
  return family !== 0 && PROXY_NETWORKS.check(ip, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * The client's address, for rate limits and login throttling. `X-Forwarded-For` is believed only as far as it was
 * written by our own proxies: read from the right (each proxy appends the address it saw), it steps back past
 * proxy addresses and stops at the first other one. A client cannot pick its address by sending the header
 * itself: straight to the server it is ignored, and through nginx its own entries stay on the left.
 */
export function clientIp(peer: string, forwardedFor: string | undefined): string {
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  let ip = peer
  while (hops.length && isProxyAddress(ip)) ip = hops.pop()!
  return ip
}

/**
 * The client a per-address limit counts: an IPv4 address (also when written IPv4-mapped), or the /64 network
 * of an IPv6 one, since a single IPv6 subscriber gets a whole /64 and can use any number of its addresses.
 * Every limit keyed by client (rate limits, login throttle, websockets, connections, fitting sessions) uses it.
 */
export function clientGroup(ip: string): string {
  const v4 = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
  if (net.isIPv4(v4)) return v4
  if (!net.isIPv6(ip)) return ip
  const [head, tail] = ip.replace(/%.*$/, '').split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`
}
