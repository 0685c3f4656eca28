import { z } from 'zod';

/** The built-in kinds of fill rule; a client picks one by name, never a class of its own. */
export const FILL_RULE_KINDS = ['order_num', 'sequence', 'category_code'] as const;
export type FillRuleKind = (typeof FILL_RULE_KINDS)[number];

export const DATE_FORMATS = ['YYYYMMDD', 'YYYYMMDDHHmmss', ''] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/**
 * The original's built-in rule classes, as its users and its client's form type them: each is stored as our
 * kind that does the same work. No other class name is taken (a rule never names code to run).
 */
export const ORIGINAL_RULE_CLASSES: Record<string, FillRuleKind> = {
  'org.jeecg.modules.system.rule.OrderNumberRule': 'order_num',
  'org.jeecg.modules.system.rule.CategoryCodeRule': 'category_code',
};

export const ruleClassCheck = z.preprocess(
  (v) => (typeof v === 'string' ? (ORIGINAL_RULE_CLASSES[v.trim()] ?? v.trim()) : v),
  z.enum(FILL_RULE_KINDS, { error: '规则类型只能是 order_num（订单号）、sequence（流水号）、category_code（分类编码），或原平台的 OrderNumberRule、CategoryCodeRule' }),
);

const paramsSchema = z
  .object(
    {
      prefix: z.string({ error: '前缀必须是文本' }).max(50, '前缀最长50个字符').regex(/^[^\s]*$/, '前缀不能包含空白').default(''),
      dateFormat: z.enum(DATE_FORMATS, { error: '日期格式只能是 YYYYMMDD、YYYYMMDDHHmmss 或空' }).default('YYYYMMDD'),
      seqLength: z.preprocess(
        (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
        z.number({ error: '序号位数必须是数字' }).int('序号位数必须是整数').min(1, '序号位数在1到12之间').max(12, '序号位数在1到12之间'),
      ).default(4),
      resetDaily: z.preprocess((v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v), z.boolean({ error: '按天重置只能是 true 或 false' })).default(false),
    },
    { error: '规则参数应是 JSON 对象' },
  )
  .refine((p) => !(p.resetDaily && p.dateFormat === ''), { message: '按天重置序号时日期格式不能为空（否则序号会重复）' });

export type FillRuleParams = z.infer<typeof paramsSchema>;

/** Parses rule_params (empty: every default); answers the first problem as a Chinese sentence instead. */
export function parseParams(text: string | null | undefined): { params: FillRuleParams } | { error: string } {
  let raw: unknown = {};
  if (text && text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      return { error: '规则参数不是有效的 JSON' };
    }
  }
  const parsed = paramsSchema.safeParse(raw);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? '规则参数不正确' };
  return { params: parsed.data };
}

/** The save-time check of sys_fill_rule.rule_params. */
export const ruleParamsCheck = z.string().superRefine((text, ctx) => {
  const r = parseParams(text);
  if ('error' in r) ctx.addIssue({ code: 'custom', message: r.error });
});
