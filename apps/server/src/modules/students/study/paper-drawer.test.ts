import { describe, expect, it } from 'vitest';
import { drawByRules, freezeOptions, type PoolQuestion } from './paper-drawer';

const pool: PoolQuestion[] = [
  ...Array.from({ length: 6 }, (_, i) => ({ id: `fs${i}`, category: 'fire', type: 'single', difficulty: '1' })),
  ...Array.from({ length: 3 }, (_, i) => ({ id: `fm${i}`, category: 'fire', type: 'multi', difficulty: '2' })),
  ...Array.from({ length: 4 }, (_, i) => ({ id: `ws${i}`, category: 'water', type: 'single', difficulty: '2' })),
];
const rule = (r: Partial<{ category: string; type: string; difficulty: string }>, questionCount: number, score = 5) => ({ category: null, type: null, difficulty: null, ...r, questionCount, score });

/** A seeded random source, so each run of the loop below draws differently but reproducibly. */
function seeded(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

describe('drawByRules', () => {
  it('honours every count, never repeats a question, and keeps to each rule', () => {
    const rules = [rule({ category: 'fire' }, 5, 2), rule({ type: 'single' }, 6, 3), rule({ type: 'multi' }, 2, 4)];
    for (let seed = 1; seed <= 200; seed++) {
      const drawn = drawByRules(rules, pool, seeded(seed));
      expect(drawn).toHaveLength(13);
      expect(new Set(drawn.map((d) => d.questionId)).size).toBe(13);
      const of = (score: number) => drawn.filter((d) => d.score === score).map((d) => pool.find((q) => q.id === d.questionId)!);
      expect(of(2).every((q) => q.category === 'fire')).toBe(true);
      expect(of(3).every((q) => q.type === 'single')).toBe(true);
      expect(of(4).every((q) => q.type === 'multi')).toBe(true);
    }
  });

  it('draws at random', () => {
    const draws = new Set(Array.from({ length: 20 }, (_, i) => drawByRules([rule({ category: 'fire', type: 'single' }, 2)], pool, seeded(i + 1)).map((d) => d.questionId).join()));
    expect(draws.size).toBeGreaterThan(1);
  });

  it('lets a narrow rule draw before a broad one takes its questions', () => {
    // the broad rule could take all three multi questions the second rule needs
    const drawn = drawByRules([rule({ category: 'fire' }, 6), rule({ type: 'multi' }, 3)], pool.filter((q) => q.category === 'fire'), seeded(7));
    expect(drawn.slice(6).map((d) => d.questionId).sort()).toEqual(['fm0', 'fm1', 'fm2']);
  });

  it('refuses clearly when the bank has too few questions for a rule, naming the rule', () => {
    expect(() => drawByRules([rule({ category: 'water', type: 'single' }, 5)], pool)).toThrow('题库中符合规则的题目不足：第1条规则（分类 water、单选题）需要5道，只有4道');
    // questions taken by another rule do not count twice
    expect(() => drawByRules([rule({ type: 'multi' }, 2), rule({ category: 'fire', difficulty: '2' }, 2)], pool)).toThrow('第2条规则（分类 fire、难度 中等）需要2道，只有1道');
  });
});

describe('freezeOptions', () => {
  const options = ['甲', '乙', '丙', '丁'].map((content, i) => ({ label: String.fromCharCode(65 + i), content, image: null, isCorrect: i === 1 || i === 3 ? 1 : 0 }));
  it('relabels shuffled options A, B, C… and records the right answer in the new labels', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const frozen = freezeOptions(options, { shuffle: true, storedAnswer: 'B,D', random: seeded(seed) });
      expect(frozen.options.map((o) => o.label)).toEqual(['A', 'B', 'C', 'D']);
      const right = frozen.options.filter((o) => ['乙', '丁'].includes(o.content)).map((o) => o.label).join(',');
      expect(frozen.correctAnswer).toBe(right);
    }
  });
  it('keeps the order without shuffling, and reads the answer column when no option is flagged', () => {
    const unflagged = options.map((o) => ({ ...o, isCorrect: 0 }));
    expect(freezeOptions(unflagged, { shuffle: false, storedAnswer: 'c' })).toMatchObject({ correctAnswer: 'C', options: [{ content: '甲' }, { content: '乙' }, { content: '丙' }, { content: '丁' }] });
  });
});
