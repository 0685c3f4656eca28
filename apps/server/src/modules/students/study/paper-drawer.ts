import { refuse } from './common';

/** A rule of a paper: how many questions of a category, type and difficulty (null = any) and their score. */
export interface DrawRule {
  category: string | null;
  type: string | null;
  difficulty: string | null;
  questionCount: number;
  score: number;
}
export interface PoolQuestion {
  id: string;
  category: string | null;
  type: string;
  difficulty: string;
}
export interface DrawnQuestion {
  questionId: string;
  score: number;
}

const TYPE_NAMES: Record<string, string> = { single: '单选题', multi: '多选题', judge: '判断题' };
const DIFFICULTY_NAMES: Record<string, string> = { '1': '简单', '2': '中等', '3': '困难' };

const matches = (r: DrawRule, q: PoolQuestion) => (!r.category || r.category === q.category) && (!r.type || r.type === q.type) && (!r.difficulty || r.difficulty === q.difficulty);

/** A rule in words for a refusal: 第2条规则（分类 fire、单选题、难度 简单）. */
export function describeRule(r: DrawRule, index: number): string {
  const parts = [r.category ? `分类 ${r.category}` : '', r.type ? (TYPE_NAMES[r.type] ?? r.type) : '', r.difficulty ? `难度 ${DIFFICULTY_NAMES[r.difficulty] ?? r.difficulty}` : ''].filter(Boolean);
  return parts.length ? `第${index + 1}条规则（${parts.join('、')}）` : `第${index + 1}条规则（不限）`;
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/**
 * Draws a paper by its rules: random questions per rule, no question twice across rules, each rule's count
 * honoured. Questions are handed out as a matching (augmenting paths, rule capacities = counts), so a broad
 * rule never takes the only questions a narrow one could use when some other choice satisfies both; the
 * answer keeps the rules' order. When no assignment gives a rule its count, the refusal names the rule and
 * how many it could get.
 */
export function drawByRules(rules: DrawRule[], pool: PoolQuestion[], random: () => number = Math.random): DrawnQuestion[] {
  const order = shuffled(pool, random);
  const candidates = rules.map((r) => order.filter((q) => matches(r, q)).map((q) => q.id));
  const holder = new Map<string, number>(); // question → rule holding it
  const held = rules.map(() => [] as string[]);

  /** Gives rule `start` one more question, moving others along an augmenting path when needed. */
  const augment = (start: number): boolean => {
    const via = new Map<number, { from: number; question: string }>();
    const queue = [start];
    const seen = new Set([start]);
    while (queue.length) {
      const r = queue.shift()!;
      for (const q of candidates[r]) {
        const other = holder.get(q);
        if (other === undefined) {
          // free question: r takes it, and each rule back along the path takes the one it asked for
          let rule = r;
          let take = q;
          for (;;) {
            const prev = holder.get(take);
            if (prev !== undefined) held[prev].splice(held[prev].indexOf(take), 1);
            holder.set(take, rule);
            held[rule].push(take);
            const step = via.get(rule);
            if (!step) return true;
            take = step.question;
            rule = step.from;
          }
        }
        if (!seen.has(other)) {
          seen.add(other);
          via.set(other, { from: r, question: q });
          queue.push(other);
        }
      }
    }
    return false;
  };

  for (const [i, r] of rules.entries()) {
    for (let k = 0; k < r.questionCount; k++) {
      if (!augment(i)) throw refuse(`题库中符合规则的题目不足：${describeRule(r, i)}需要${r.questionCount}道，只有${held[i].length}道`);
    }
  }
  return rules.flatMap((r, i) => shuffled(held[i], random).map((questionId) => ({ questionId, score: r.score })));
}

/** Options in the order an attempt shows them, relabelled A, B, C…, with the right answer in the new labels. */
export interface FrozenOption {
  label: string;
  content: string;
  image: string | null;
  correct: boolean;
}
export function freezeOptions(
  options: Array<{ label: string; content: string; image: string | null; isCorrect: number }>,
  opts: { shuffle: boolean; storedAnswer: string | null; random?: () => number },
): { options: FrozenOption[]; correctAnswer: string } {
  // the options' own flags are the truth; the answer column speaks for questions whose flags were never set
  const anyFlag = options.some((o) => o.isCorrect === 1);
  const storedRight = new Set((opts.storedAnswer ?? '').toUpperCase().split(/[,，\s]+/).filter(Boolean));
  const ordered = opts.shuffle ? shuffled(options, opts.random ?? Math.random) : [...options];
  const frozen = ordered.map((o, i) => ({ label: String.fromCharCode(65 + i), content: o.content, image: o.image, correct: anyFlag ? o.isCorrect === 1 : storedRight.has(o.label.toUpperCase()) }));
  return { options: frozen, correctAnswer: frozen.filter((o) => o.correct).map((o) => o.label).join(',') };
}
