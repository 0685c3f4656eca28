import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '@anxue/shared';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers/test-app';

// A token's signature is checked once and remembered (TokenService.verified): what it lets through must
// stay exactly what a fresh check lets through.
describe('remembered token signatures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('still refuses a token once it expires, a forged twin, and hands out claims no caller can change', async () => {
    const { tokens } = t.app.ctx;
    const userId = await createUser(t.db, { username: 'tok_cache', password: 'TokCache#2026' });
    const { token } = await tokens.issue({ userId, username: 'tok_cache' });
    const first = tokens.verifySignature(token);
    expect(first?.sub).toBe(userId);
    first!.sub = 'someone-else';
    const remembered = tokens.verifySignature(token)!;
    expect(remembered.sub).toBe(userId);
    remembered.sub = 'someone-else';
    expect(tokens.verifySignature(token)?.sub).toBe(userId);
    // the same claims under another signature
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(tokens.verifySignature(forged)).toBeNull();
    expect(await tokens.authenticate(token)).not.toBeNull();
    t.clock.advance(SESSION_TTL_MS + 1000);
    expect(tokens.verifySignature(token)).toBeNull();
    expect(await tokens.authenticate(token)).toBeNull();
  });
});
