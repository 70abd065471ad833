/**
 * The Content-Security-Policy every page runs under. The site ships no inline
 * script and no inline style, so nothing needs 'unsafe-inline', a nonce or a
 * hash. No form posts anywhere: the contact form hands its mail link over
 * from script, and without script it is disabled.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

/** Headers for hosts that read a _headers file; frame-ancestors only works as a header. */
export const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': `${contentSecurityPolicy}; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};
