import { BlockList, isIPv4 } from "node:net";

/**
 * Whether an address is one of `allowed` (addresses or CIDR ranges, as METRICS_ALLOW gives
 * them). An IPv4 client reached over an IPv6 socket ('::ffff:127.0.0.1') is its IPv4 address.
 */
export function addressAllowList(allowed: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of allowed) {
    const [address = "", prefix] = entry.split("/");
    const type = isIPv4(address) ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const plain = mapped ?? address;
    return list.check(plain, isIPv4(plain) ? "ipv4" : "ipv6");
  };
}
