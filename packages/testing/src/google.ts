import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

/**
 * Google's side of "Sign in with Google" for tests: a JWKS endpoint shaped like
 * https://www.googleapis.com/oauth2/v3/certs serving a test RSA key, and a signer for ID tokens
 * with Google's claims. `signWithOtherKey` makes a token whose signature will not verify.
 */
export async function startFakeGoogle({ clientId = 'test-client.apps.googleusercontent.com' } = {}) {
  const kid = 'test-key-1';
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    if (req.url?.startsWith('/oauth2/v3/certs')) {
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'public, max-age=19800' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;

  type Claims = { sub?: string; email?: string; email_verified?: boolean; given_name?: string; name?: string; aud?: string; iss?: string };
  const sign = async (claims: Claims, { expiresIn = '1h', key = privateKey }: { expiresIn?: string | number; key?: Parameters<SignJWT['sign']>[0] } = {}) =>
    new SignJWT({
      email: claims.email ?? 'ada@example.com',
      email_verified: claims.email_verified ?? true,
      given_name: claims.given_name ?? 'Ada',
      name: claims.name ?? 'Ada Lovelace',
      azp: clientId,
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(claims.iss ?? 'https://accounts.google.com')
      .setAudience(claims.aud ?? clientId)
      .setSubject(claims.sub ?? '109876543210987654321')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(expiresIn)
      .sign(key);

  return {
    clientId,
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    signIdToken: (claims: Claims = {}, options?: { expiresIn?: string | number }) => sign(claims, options),
    signWithOtherKey: (claims: Claims = {}) => sign(claims, { key: other.privateKey }),
    requests: () => requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
