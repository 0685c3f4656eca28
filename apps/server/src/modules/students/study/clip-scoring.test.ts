import { describe, expect, it } from 'vitest';
import { CLIP_PATTERN_DEFAULTS } from '@anxue/shared/hazard-clip';
import { patternFired, scoreWindows, windowPoints } from './clip-scoring';

// 危险预判 scoring: fifths of a window, first tap only, the pattern rule.
const w = { start: 3, end: 8 }; // fifths of 1 s: [3,4) 5, [4,5) 4, [5,6) 3, [6,7) 2, [7,8] 1
const win = (start: number, end: number) => ({ start, end, region: null, title: '危险', explanation: null });

describe('window points', () => {
  it('scores 5 at the exact start and 1 at the exact end, nothing just outside', () => {
    expect(windowPoints(w, 3)).toBe(5);
    expect(windowPoints(w, 8)).toBe(1);
    expect(windowPoints(w, 2.999)).toBe(0);
    expect(windowPoints(w, 8.001)).toBe(0);
  });
  it('moves down one point at each fifth boundary, the boundary belonging to the later fifth', () => {
    expect([3.999, 4, 4.999, 5, 5.999, 6, 6.999, 7, 7.5].map((t) => windowPoints(w, t))).toEqual([5, 4, 4, 3, 3, 2, 2, 1, 1]);
  });
  it('puts a boundary in its fifth even when the seconds are not exact in binary', () => {
    // 2.3 + 1.8/5 = 2.66: 0.36 * 5 / 1.8 is 0.9999999999999998 in floating point
    expect(windowPoints({ start: 2.3, end: 4.1 }, 2.66)).toBe(4);
    expect(windowPoints({ start: 2.3, end: 4.1 }, 2.659)).toBe(5);
  });
  it('counts only the first tap inside a window; a tap before a window does not use it up', () => {
    const scored = scoreWindows([win(3, 8), win(10, 12)], [1, 6.5, 3.5 + 4, 10.1]);
    expect(scored).toEqual([
      { score: 2, tap: 6.5 },
      { score: 5, tap: 10.1 },
    ]);
    expect(scoreWindows([win(3, 8)], [1, 2, 9])).toEqual([{ score: 0, tap: null }]);
  });
  it('scores overlapping windows each by its own first tap', () => {
    expect(scoreWindows([win(2, 7), win(4, 9)], [4.5])).toEqual([
      { score: 3, tap: 4.5 },
      { score: 5, tap: 4.5 },
    ]);
  });
});

describe('pattern rule', () => {
  const rule = CLIP_PATTERN_DEFAULTS;
  it('fires on more than 3 taps within 1 s, not on 3, nor on 4 spread over more than 1 s', () => {
    expect(patternFired([2, 2.2, 2.4, 2.6], rule)).toBe('burst');
    expect(patternFired([2, 2.5, 3], rule)).toBeNull();
    expect(patternFired([2, 2.3, 2.6, 3], { ...rule, rhythmTaps: 0 })).toBe('burst');
    expect(patternFired([2, 2.4, 2.8, 3.3], { ...rule, rhythmTaps: 0 })).toBeNull();
    expect(patternFired([2, 2.1, 2.2, 2.3], { ...rule, burstTaps: 0, rhythmTaps: 0 })).toBeNull();
  });
  it('fires on 5 evenly spaced taps, not on 4, nor on 5 unevenly spaced', () => {
    expect(patternFired([1, 3, 5, 7, 9], rule)).toBe('rhythm');
    expect(patternFired([1, 3.1, 4.9, 7.05, 9], rule)).toBe('rhythm');
    expect(patternFired([1, 3, 5, 7], rule)).toBeNull();
    expect(patternFired([1, 2, 5, 6, 11], rule)).toBeNull();
    // 5 of 7 taps in rhythm are enough
    expect(patternFired([0.5, 4, 6, 8, 10, 12, 15.5], rule)).toBe('rhythm');
  });
  it('lets the clip make the rhythm stricter or turn it off', () => {
    expect(patternFired([1, 3.1, 4.9, 7.05, 9], { ...rule, rhythmTolerance: 5 })).toBeNull();
    expect(patternFired([1, 3, 5, 7, 9], { ...rule, rhythmTaps: 0 })).toBeNull();
  });
});
