/**
 * How a session is shown in "Where you're signed in" (settings and the console's user page): a short name of the
 * browser and system from the User-Agent header, and the sign-in address cut short so that it says roughly where
 * without ever showing the whole address.
 */

/** Browsers, most specific first: Edge, Opera and Samsung's browser also say "Chrome", Chrome also says "Safari". */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bSafari\//, 'Safari'],
];

/** Systems, most specific first: Android also says "Linux", iPhones and iPads also say "Mac OS X". */
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

export const UNKNOWN_BROWSER = 'Unknown browser';

/**
 * A short human name of the browser behind a User-Agent header, e.g. "Chrome on Android", "Firefox on Windows",
 * "Safari on iPhone"; "Unknown browser" when neither browser nor system is recognised (or there is no header).
 */
export function browserName(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return UNKNOWN_BROWSER;
}

/**
 * A sign-in address cut short: IPv4 keeps its first three numbers ("192.168.1.x"), IPv6 its first four groups
 * ("2001:db8:85a3:0::x", written out in full from a `::` short form first); an IPv4 address mapped into IPv6
 * ("::ffff:192.168.1.7") counts as IPv4. Null for no address or anything that is not an address.
 */
export function shortAddress(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const address = ip.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) {
    const parts = v4.slice(1, 4).map(Number);
    if ([...parts, Number(v4[4])].some((n) => n > 255)) return null;
    return `${parts.join('.')}.x`;
  }
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 4).join(':')}::x` : null;
}

/** The eight groups of an IPv6 address (without a zone), lower case without leading zeros; null when not one. */
function ipv6Groups(address: string): string[] | null {
  const bare = address.replace(/%.*$/, '').toLowerCase();
  if (!/^[0-9a-f:]+$/.test(bare) || !bare.includes(':')) return null;
  const halves = bare.split('::');
  if (halves.length > 2) return null;
  const split = (half: string) => (half === '' ? [] : half.split(':'));
  const head = split(halves[0]!);
  const tail = halves.length === 2 ? split(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}
