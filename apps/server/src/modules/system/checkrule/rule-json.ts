import { z } from 'zod';

/** Longest pattern one part may hold (kept short: patterns run on every check). */
export const MAX_PATTERN = 200;
/** Longest value checkByCode will look at. */
export const MAX_VALUE = 1000;
const MAX_PARTS = 20;

/** One part of a check rule: a slice of the value (`digits` characters, or the rest) and its pattern. */
export interface RulePart {
  /** How many characters this part covers; 'rest' for "*". */
  digits: number | 'rest';
  /** The pattern, matched against the whole slice. */
  regex: RegExp;
  message: string;
}

const partSchema = z.object(
  {
    digits: z.union([z.string(), z.number()], { error: '规则的位数不能为空' }).transform((v, ctx) => {
      const text = String(v).trim();
      if (text === '*') return 'rest' as const;
      const n = Number(text);
      if (!/^\d+$/.test(text) || n < 1 || n > MAX_VALUE) {
        ctx.addIssue({ code: 'custom', message: `规则的位数只能是 * 或 1 到 ${MAX_VALUE} 的整数` });
        return z.NEVER;
      }
      return n;
    }),
    pattern: z
      .string({ error: '规则的正则表达式不能为空' })
      .min(1, '规则的正则表达式不能为空')
      .max(MAX_PATTERN, `规则的正则表达式最长${MAX_PATTERN}个字符`),
    message: z.string({ error: '规则的提示文本不能为空' }).trim().min(1, '规则的提示文本不能为空').max(200, '规则的提示文本最长200个字符'),
  },
  { error: '规则的每一项都应是 { digits, pattern, message } 对象' },
);

const rulesSchema = z.array(partSchema, { error: '规则JSON应是数组' }).min(1, '规则JSON至少需要一项').max(MAX_PARTS, `规则JSON最多${MAX_PARTS}项`);

/** Parses a rule's JSON into its parts; answers the first problem as a Chinese sentence instead. */
export function parseRuleJson(text: string): { parts: RulePart[] } | { error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { error: '规则JSON不是有效的 JSON' };
  }
  const parsed = rulesSchema.safeParse(raw);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? '规则JSON不正确' };
  const parts: RulePart[] = [];
  for (const [i, p] of parsed.data.entries()) {
    try {
      new RegExp(p.pattern);
    } catch {
      return { error: `第${i + 1}项的正则表达式不正确: ${p.pattern}` };
    }
    // the whole slice must match, as the original's Pattern.matches does
    parts.push({ digits: p.digits, regex: new RegExp(`^(?:${p.pattern})$`), message: p.message });
  }
  return { parts };
}

/** The save-time check of sys_check_rule.rule_json. */
export const ruleJsonCheck = z.string().superRefine((text, ctx) => {
  const r = parseRuleJson(text);
  if ('error' in r) ctx.addIssue({ code: 'custom', message: r.error });
});

/**
 * Checks a value part by part: each numbered part takes the next `digits` characters (empty once the
 * value runs out), a "*" part takes the rest. Answers the first failing part's message, or null.
 */
export function firstFailure(parts: RulePart[], value: string): string | null {
  const chars = Array.from(value);
  let begin = 0;
  for (const part of parts) {
    let slice: string;
    if (part.digits === 'rest') {
      slice = chars.slice(begin).join('');
    } else {
      slice = chars.slice(begin, begin + part.digits).join('');
      begin += part.digits;
    }
    if (!part.regex.test(slice)) return part.message;
  }
  return null;
}
