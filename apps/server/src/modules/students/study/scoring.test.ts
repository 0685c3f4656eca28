import { describe, expect, it } from 'vitest';
import { normalizeAnswer, scoreAnswer } from './scoring';

const multi = (answer: string, partialCredit: boolean) => scoreAnswer({ type: 'multi', correctAnswer: 'A,C,D', answer, fullScore: 10, partialCredit });

describe('scoreAnswer', () => {
  it('reads answers in any order and case', () => {
    expect(normalizeAnswer(' c,a ,A')).toBe('A,C');
    expect(scoreAnswer({ type: 'single', correctAnswer: 'B', answer: 'b', fullScore: 5, partialCredit: true })).toEqual({ isRight: true, score: 5 });
  });
  it('marks single choice and true/false by exact match', () => {
    expect(scoreAnswer({ type: 'single', correctAnswer: 'B', answer: 'A', fullScore: 5, partialCredit: true })).toEqual({ isRight: false, score: 0 });
    expect(scoreAnswer({ type: 'judge', correctAnswer: 'A', answer: 'A', fullScore: 2, partialCredit: false })).toEqual({ isRight: true, score: 2 });
    expect(scoreAnswer({ type: 'judge', correctAnswer: 'A', answer: '', fullScore: 2, partialCredit: false })).toEqual({ isRight: false, score: 0 });
  });
  it('marks multiple choice all or nothing without partial credit', () => {
    expect(multi('D,C,A', false)).toEqual({ isRight: true, score: 10 });
    expect(multi('A,C', false)).toEqual({ isRight: false, score: 0 });
    expect(multi('A,B,C,D', false)).toEqual({ isRight: false, score: 0 });
  });
  it('gives partial credit for right options only, rounded down, and nothing for any wrong option', () => {
    expect(multi('A,C', true)).toEqual({ isRight: false, score: 6 }); // 10 × 2/3 = 6.67
    expect(multi('D', true)).toEqual({ isRight: false, score: 3 });
    expect(multi('A,C,D', true)).toEqual({ isRight: true, score: 10 });
    expect(multi('A,B', true)).toEqual({ isRight: false, score: 0 });
    expect(multi('A,B,C,D', true)).toEqual({ isRight: false, score: 0 });
    expect(multi('', true)).toEqual({ isRight: false, score: 0 });
  });
});
