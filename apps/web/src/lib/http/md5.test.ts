import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5 } from './md5';
import { signature } from './sign';

describe('md5 and request signature', () => {
  it('matches node crypto for ascii, unicode and multi-block input', () => {
    for (const text of ['', 'abc', '安学云 sign', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(200)]) {
      expect(md5(text)).toBe(createHash('md5').update(text).digest('hex'));
    }
  });

  it('signs sorted params without _t, upper-case', () => {
    const sign = signature('/sys/dict/loadDict/sex?b=2', { a: '1', _t: 123 }, undefined, 'secret');
    const expected = createHash('md5').update('{"a":"1","b":"2"}secret').digest('hex').toUpperCase();
    expect(sign).toBe(expected);
  });
});
