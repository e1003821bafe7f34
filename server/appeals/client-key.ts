import { isIPv6 } from "node:net";

/**
 * The rate limit's key for a client address. IPv4: the address. IPv6: its /64 network, since one
 * subscriber gets a whole /64 and can take a new address from it for every request. An
 * IPv4-mapped IPv6 address (::ffff:203.0.113.7) is the IPv4 address it carries.
 */
export function clientKey(address: string): string {
  // No colon, no IPv6: most clients, spared the patterns below (decision 0026).
  if (!address.includes(":")) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

/** Eight hextets, without leading zeros: "2001:db8::1" -> ["2001","db8","0",…,"1"]. */
function expandIPv6(address: string): string[] {
  const withoutZone = address.split("%")[0] ?? address;
  const [head = "", tail] = withoutZone.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array.from({ length: Math.max(0, missing) }, () => "0"), ...right];
  return groups.map((group) =>
    /^[0-9a-f]{1,4}$/i.test(group) ? String(Number.parseInt(group, 16).toString(16)) : group,
  );
}
