import { describe, expect, it } from 'vitest';
import { classifyChange, shapeOf } from './columns';

// Which type changes keep every value (made at once) and which may lose data (need confirmation).
describe('classifyChange', () => {
  const s = (t: string, len = 0, point = 0) => shapeOf(t, len, point);
  it('widens strings, numbers and decimals without loss', () => {
    expect(classifyChange(s('string', 20), s('string', 200))).toBe('widen');
    expect(classifyChange(s('string', 20), s('Text'))).toBe('widen');
    expect(classifyChange(s('int'), s('long'))).toBe('widen');
    expect(classifyChange(s('int'), s('BigDecimal', 12, 2))).toBe('widen');
    expect(classifyChange(s('BigDecimal', 10, 2), s('BigDecimal', 12, 3))).toBe('widen');
    expect(classifyChange(s('int'), s('string', 11))).toBe('widen');
    expect(classifyChange(s('Date'), s('Datetime'))).toBe('widen');
  });
  it('flags narrowing and incompatible changes', () => {
    expect(classifyChange(s('string', 200), s('string', 20))).toBe('narrow');
    expect(classifyChange(s('Text'), s('string', 100))).toBe('narrow');
    expect(classifyChange(s('double'), s('int'))).toBe('narrow');
    expect(classifyChange(s('BigDecimal', 10, 2), s('BigDecimal', 10, 0))).toBe('narrow');
    expect(classifyChange(s('int'), s('string', 5))).toBe('narrow');
    expect(classifyChange(s('string', 20), s('int'))).toBe('incompatible');
    expect(classifyChange(s('Text'), s('double'))).toBe('incompatible');
  });
  it('sees no change when the shape is the same', () => {
    expect(classifyChange(s('string', 32), s('string', 32))).toBe('same');
    expect(classifyChange(s('Blob'), s('Text'))).toBe('same');
  });
});
