/**
 * Headers on every answer (ASVS V14.4): the API's JSON, the player app and console, images and the
 * socket.io transport. No `X-Powered-By` or `Server` banner is ever set (Koa and Node's http send neither).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/** One year, in seconds: how long a browser keeps to https once it has seen the site over https. */
export const HSTS_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The headers of every answer for a site served at `publicUrl`: {@link SECURITY_HEADERS}, and
 * Strict-Transport-Security (a year, subdomains included) only when the site is https, so a browser never again
 * asks for it over plain http. Never on an http site: a browser would then refuse the site itself.
 */
export function securityHeaders(publicUrl: string): Readonly<Record<string, string>> {
  if (new URL(publicUrl).protocol !== 'https:') return SECURITY_HEADERS;
  return { ...SECURITY_HEADERS, 'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_S}; includeSubDomains` };
}

/**
 * The Content-Security-Policy. Scripts only from our own origin (the built apps have no inline script); styles
 * allow inline because MUI's emotion writes `<style>` elements at run time; images only from our own origin, `data:`
 * (the console's two-factor QR code) and `blob:` (photo previews), never another site, so no player's address
 * reaches a third party (an article's image from elsewhere is copied to the site when it is saved); frames only from YouTube's no-cookie player (video evidence); connections to our own origin and
 * its WebSocket (socket.io), named by host as well as 'self' for browsers before CSP 3; the player app's service worker
 * and web app manifest only from our own origin.
 */
export function contentSecurityPolicy(host: string): string {
  let policy = policies.get(host);
  if (policy === undefined) {
    policy = policyFor(host);
    // The Host header is the client's: the remembered ones stay few whatever it sends.
    if (policies.size >= POLICIES_MAX) policies.clear();
    policies.set(host, policy);
  }
  return policy;
}

/** Policies by host, made once: a site is reached under one or two names. */
const policies = new Map<string, string>();
const POLICIES_MAX = 32;

function policyFor(host: string): string {
  const sockets = /^[a-z0-9.:[\]-]+$/i.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${sockets}`,
    'frame-src https://www.youtube-nocookie.com',
    "media-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
