/**
 * The headers every page of the web app is served with, by the gateway in production and by
 * `vite preview` in the browser tests, so the tests run the app under the policy it ships with.
 *
 * The Content-Security-Policy allows only what the built app uses: its own scripts and styles
 * (Vite emits no inline script; React's style props are set through the DOM, which style-src does
 * not govern), Google Identity Services for the sign-in button (the origins Google documents for
 * it), YouTube's privacy-enhanced player for video sources, and images from anywhere over https
 * (video thumbnails, pictures in chat answers). `frame-ancestors 'none'` forbids framing
 * (clickjacking); `no-referrer` keeps the reset page's token out of other sites' logs.
 */
export const WEB_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://accounts.google.com/gsi/client",
  "style-src 'self' https://accounts.google.com/gsi/style",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://accounts.google.com/gsi/",
  'frame-src https://www.youtube-nocookie.com https://accounts.google.com/gsi/',
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const WEB_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': WEB_CONTENT_SECURITY_POLICY,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  // For browsers older than frame-ancestors.
  'x-frame-options': 'DENY',
};

/** Sent only over HTTPS (a browser ignores it over http): a year, this host only. */
export const WEB_HSTS_HEADER = 'max-age=31536000';

/** Content-hashed build output (Vite's assets/ folder): a changed file gets a new name. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
