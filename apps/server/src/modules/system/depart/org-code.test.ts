import { describe, expect, it } from 'vitest';
import { nextOrgCode } from './org-code';

describe('nextOrgCode', () => {
  it('starts at A01 under a parent, counts to 99 then moves to the next letter', () => {
    expect(nextOrgCode('A01', [])).toBe('A01A01');
    expect(nextOrgCode('A01', ['A01A01', 'A01A02', 'A01A02B01'])).toBe('A01A03');
    expect(nextOrgCode('A01', ['A01A99'])).toBe('A01B01');
    expect(nextOrgCode('', ['A01', 'A02'])).toBe('A03');
    expect(() => nextOrgCode('', ['Z99'])).toThrow();
  });
});
