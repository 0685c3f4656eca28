import { SEED_TENANT } from './organisation';
import type { Db } from '../connect';
import { seedId } from '../time';

// Example categories, a check rule and the order-number fill rule (issue 4).

/** [code, name]; the parent is the code without its last three characters. */
const SEED_CATEGORIES: Array<[code: string, name: string]> = [
  ['A01', '安全培训'],
  ['A01A01', '消防安全'],
  ['A01A02', '交通安全'],
  ['A01A03', '用电安全'],
  ['A02', '课程资源'],
  ['A02A01', '视频课程'],
  ['A02A02', '图文课程'],
];

const SEED_CHECK_RULES = [
  {
    ruleCode: 'common',
    ruleName: '通用编码',
    ruleDescription: '首位字母+5位数字，例如 A12345',
    ruleJson: JSON.stringify([
      { digits: '1', pattern: '^[a-zA-Z]$', message: '首位必须是字母' },
      { digits: '*', pattern: '^[0-9]{5}$', message: '字母后面必须是5位数字' },
    ]),
  },
];

const SEED_FILL_RULES = [
  {
    ruleCode: 'order_num_rule',
    ruleName: '订单流水号',
    ruleClass: 'order_num',
    ruleParams: JSON.stringify({ prefix: 'CN', dateFormat: 'YYYYMMDD', seqLength: 4, resetDaily: true }),
  },
];

/**
 * Inserts the examples once per install: a marker remembers it, so rows an administrator deleted stay
 * deleted across restarts; stable ids make a second run (or a second node) insert nothing.
 */
export async function seedRules(db: Db, now: string): Promise<void> {
  const marker = 'seeded:rules';
  if (await db.selectFrom('sysInstall').select('key').where('key', '=', marker).executeTakeFirst()) return;
  await db.insertInto('sysInstall').values({ key: marker, value: '1', createTime: now }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const audit = { createBy: 'system', createTime: now };
  const codes = new Set(SEED_CATEGORIES.map(([code]) => code));
  for (const [code, name] of SEED_CATEGORIES) {
    const parent = code.slice(0, -3);
    await db
      .insertInto('sysCategory')
      .values({
        id: seedId(`category.${code}`),
        pid: parent ? seedId(`category.${parent}`) : '0',
        name,
        code,
        hasChild: [...codes].some((c) => c.length === code.length + 3 && c.startsWith(code)) ? '1' : '0',
        tenantId: SEED_TENANT.id,
        ...audit,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  for (const r of SEED_CHECK_RULES) {
    await db.insertInto('sysCheckRule').values({ id: seedId(`check-rule.${r.ruleCode}`), ...r, ...audit }).onConflict((oc) => oc.doNothing()).execute();
  }
  for (const r of SEED_FILL_RULES) {
    await db.insertInto('sysFillRule').values({ id: seedId(`fill-rule.${r.ruleCode}`), ...r, ...audit }).onConflict((oc) => oc.doNothing()).execute();
  }
}
