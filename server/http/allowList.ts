// Who may read /metrics: a comma-separated list of addresses and ranges (METRICS_ALLOW), e.g.
// `loopback,10.0.0.0/8,192.168.1.20,fd00::/8`. `loopback` stands for 127.0.0.0/8 and ::1, `none`
// for nobody. An IPv4 client seen on an IPv6 socket (::ffff:10.1.2.3) counts as its IPv4 address.
import net, { BlockList } from 'node:net';

export const LOOPBACK = 'loopback';
export const NOBODY = 'none';

/** The entries of a list as written, checked; throws with a sentence naming the bad entry. */
export function parseAllowList(text: string): string[] {
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('give addresses or ranges, `loopback`, or `none`');
  if (entries.includes(NOBODY) && entries.length > 1)
    throw new Error('`none` cannot be combined with addresses');
  for (const entry of entries) {
    if (entry === LOOPBACK || entry === NOBODY) continue;
    const [address, bits, ...rest] = entry.split('/');
    const family = net.isIP(address);
    const max = family === 6 ? 128 : 32;
    const prefixOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    if (!family || rest.length || !prefixOk)
      throw new Error(`"${entry}" is not an address or a range such as 10.0.0.0/8`);
  }
  return entries;
}

/** A test of a client address against checked entries. */
export function allowListOf(entries: string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    if (entry === NOBODY) continue;
    if (entry === LOOPBACK) {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address, bits] = entry.split('/');
    const type = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    const plain = mapped ? mapped[1] : address;
    const family = net.isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}
