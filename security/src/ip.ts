import { isIPv4, isIPv6 } from 'node:net';

/** An address as 16 bytes (IPv4 mapped into IPv6), or null when it is not an address. */
export function ipToBytes(ip: string): Buffer | null {
  let text = ip.trim();
  if (text.startsWith('::ffff:') && isIPv4(text.slice(7))) text = text.slice(7);
  if (isIPv4(text)) {
    const bytes = Buffer.alloc(16);
    bytes[10] = 0xff;
    bytes[11] = 0xff;
    text.split('.').forEach((part, i) => (bytes[12 + i] = Number(part)));
    return bytes;
  }
  if (!isIPv6(text)) return null;
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, ''];
  const parse = (part: string) => (part ? part.split(':') : []);
  let headParts = parse(head);
  let tailParts = parse(tail);
  // An embedded IPv4 tail (e.g. ::ffff:1.2.3.4 in other forms) becomes two groups.
  const convert = (parts: string[]) => {
    const last = parts[parts.length - 1];
    if (last && isIPv4(last)) {
      const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
      return [...parts.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    }
    return parts;
  };
  headParts = convert(headParts);
  tailParts = convert(tailParts);
  const groups = text.includes('::')
    ? [...headParts, ...Array(8 - headParts.length - tailParts.length).fill('0'), ...tailParts]
    : headParts;
  if (groups.length !== 8) return null;
  const bytes = Buffer.alloc(16);
  groups.forEach((group, i) => bytes.writeUInt16BE(parseInt(group, 16), i * 2));
  return bytes;
}

/**
 * The first and last address of a single address or CIDR range; null when the text is neither. The prefix length is
 * digits alone: `10.0.0.0/` or `10.0.0.0/ ` would otherwise read as `/0`, every address there is.
 */
export function parseIpRange(text: string): { start: Buffer; end: Buffer; cidr: string } | null {
  const parts = text.trim().split('/');
  if (parts.length > 2) return null;
  const [address, prefixText] = parts as [string, string | undefined];
  const bytes = ipToBytes(address);
  if (!bytes) return null;
  const v4 = isIPv4(address.trim()) || address.trim().startsWith('::ffff:');
  const max = v4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  const bits = v4 ? prefix + 96 : prefix;
  const start = Buffer.from(bytes);
  const end = Buffer.from(bytes);
  for (let bit = bits; bit < 128; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    start[byte] = start[byte]! & ~mask;
    end[byte] = end[byte]! | mask;
  }
  return { start, end, cidr: `${address.trim()}/${prefix}` };
}
