import type { Db } from '../connect';
import { seedId } from '../time';

// The online reports the popup picker ships with (issue 6). Each reads one whitelisted table.

interface ReportItemSeed {
  field: string;
  text: string;
  type?: string;
  search?: boolean;
  mode?: 'single' | 'range';
  dictCode?: string;
}

interface ReportSeed {
  code: string;
  name: string;
  sourceTable: string;
  sourceFilter?: unknown[];
  returnValField: string;
  returnTxtField: string;
  items: ReportItemSeed[];
  params?: Array<{ name: string; text: string; value?: string }>;
}

export const ONLINE_REPORT_SEEDS: ReportSeed[] = [
  {
    code: 'report_user',
    name: '用户',
    sourceTable: 'sys_user',
    // frozen users are not offered for picking
    sourceFilter: [{ field: 'status', rule: 'eq', val: '1' }],
    returnValField: 'username',
    returnTxtField: 'realname',
    items: [
      { field: 'username', text: '用户账号', search: true },
      { field: 'realname', text: '用户姓名', search: true },
      { field: 'sex', text: '性别', type: 'Integer', search: true, dictCode: 'sex' },
      { field: 'phone', text: '手机号' },
      { field: 'orgCode', text: '部门编码', search: true },
    ],
  },
  {
    code: 'report_depart',
    name: '部门',
    sourceTable: 'sys_depart',
    returnValField: 'orgCode',
    returnTxtField: 'departName',
    items: [
      { field: 'departName', text: '部门名称', search: true },
      { field: 'orgCode', text: '部门编码', search: true },
    ],
  },
];

/** Inserts each seeded report once: a report an administrator already has (or changed) is left alone. */
export async function seedOnlineReports(db: Db, audit: { createBy: string; createTime: string }): Promise<void> {
  for (const r of ONLINE_REPORT_SEEDS) {
    const exists = await db.selectFrom('onlCgreportHead').select('id').where('code', '=', r.code).executeTakeFirst();
    if (exists) continue;
    const headId = seedId(`online-report.${r.code}`);
    await db
      .insertInto('onlCgreportHead')
      .values({
        id: headId,
        code: r.code,
        name: r.name,
        sourceTable: r.sourceTable,
        sourceFilter: r.sourceFilter ? JSON.stringify(r.sourceFilter) : null,
        returnValField: r.returnValField,
        returnTxtField: r.returnTxtField,
        returnType: '1',
        content: null,
        ...audit,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    for (const [i, item] of r.items.entries()) {
      await db
        .insertInto('onlCgreportItem')
        .values({
          id: seedId(`online-report.${r.code}.${item.field}`),
          cgrheadId: headId,
          fieldName: item.field,
          fieldTxt: item.text,
          fieldWidth: null,
          fieldType: item.type ?? 'String',
          isShow: 1,
          isSearch: item.search ? 1 : 0,
          searchMode: item.mode ?? 'single',
          dictCode: item.dictCode ?? null,
          orderNum: i + 1,
          ...audit,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    for (const [i, p] of (r.params ?? []).entries()) {
      await db
        .insertInto('onlCgreportParam')
        .values({ id: seedId(`online-report.${r.code}.param.${p.name}`), cgrheadId: headId, paramName: p.name, paramTxt: p.text, paramValue: p.value ?? null, orderNum: i + 1, ...audit })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}
