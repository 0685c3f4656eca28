import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  sub: string;
  username: string;
  jti: string;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export function signJwt(claims: TokenClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const body = `${HEADER}.${payload}`;
  return `${body}.${sign(body, secret).toString('base64url')}`;
}

/**
 * Checks the HS256 signature and the expiry; answers the claims, or null for anything forged,
 * malformed, signed with another algorithm, or expired at `nowSeconds`.
 */
export function verifyJwt(token: string, secret: string, nowSeconds: number): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    if (head?.alg !== 'HS256') return null;
    // Compare the exact canonical text of the signature: Node's base64url decoder ignores padding,
    // stray characters and trailing bits, so decoding the given text would accept many spellings of
    // one signature. Only the one unpadded encoding the server itself produces is accepted.
    const expected = Buffer.from(sign(`${header}.${payload}`, secret).toString('base64url'));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<TokenClaims>;
    if (
      typeof claims.sub !== 'string' ||
      typeof claims.username !== 'string' ||
      typeof claims.jti !== 'string' ||
      typeof claims.iat !== 'number' ||
      typeof claims.exp !== 'number'
    ) {
      return null;
    }
    if (claims.exp <= nowSeconds) return null;
    return claims as TokenClaims;
  } catch {
    return null;
  }
}

/** Reads the claims without trusting them (logout uses it only after verifyJwt). */
export function decodeJwtUnverified(token: string): Partial<TokenClaims> | null {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}
