import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from './jwt';
import { hashPassword, randomPassword, UNUSABLE_HASH, verifyPassword } from './password';

describe('passwords', () => {
  it('hash with a per-user salt and verify', async () => {
    const a = await hashPassword('Correct horse 1');
    const b = await hashPassword('Correct horse 1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('Correct');
    expect(await verifyPassword('Correct horse 1', a)).toBe(true);
    expect(await verifyPassword('correct horse 1', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('never match the unusable hash or a malformed one', async () => {
    expect(await verifyPassword('anything', UNUSABLE_HASH)).toBe(false);
    expect(await verifyPassword('anything', 'cb362cfeefbf3d8d')).toBe(false);
  });

  it('random passwords are long and differ', () => {
    expect(randomPassword()).toHaveLength(16);
    expect(randomPassword()).not.toBe(randomPassword());
  });
});

describe('signed tokens', () => {
  const claims = { sub: 'u1', username: 'admin', jti: 'j1', iat: 1000, exp: 2000 };

  it('verify with the same secret before expiry', () => {
    expect(verifyJwt(signJwt(claims, 's3cret'), 's3cret', 1500)).toEqual(claims);
  });

  it('refuse another secret, expiry, tampering and alg none', () => {
    const token = signJwt(claims, 's3cret');
    expect(verifyJwt(token, 'other', 1500)).toBeNull();
    expect(verifyJwt(token, 's3cret', 2000)).toBeNull();
    const [h, , s] = token.split('.');
    const evil = Buffer.from(JSON.stringify({ ...claims, sub: 'u2' })).toString('base64url');
    expect(verifyJwt(`${h}.${evil}.${s}`, 's3cret', 1500)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(verifyJwt(`${none}.${token.split('.')[1]}.`, 's3cret', 1500)).toBeNull();
    expect(verifyJwt('garbage', 's3cret', 1500)).toBeNull();
  });

  it('refuse a signature with padding or any character appended', () => {
    const token = signJwt(claims, 's3cret');
    for (const tail of ['=', '==', 'A', '.', ' ', '%3D', '\n']) expect(verifyJwt(`${token}${tail}`, 's3cret', 1500)).toBeNull();
    const [h, p, s] = token.split('.');
    // Another spelling of the same bytes in base64url: the last character with different trailing bits.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(s.at(-1)!);
    const twin = `${s.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(twin, 'base64url')).toEqual(Buffer.from(s, 'base64url'));
    expect(verifyJwt(`${h}.${p}.${twin}`, 's3cret', 1500)).toBeNull();
  });
});
