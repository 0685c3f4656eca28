import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { useOwnServer } from '../support/own-server';

// Issue 15's proof in the browser, as the administrator: a form of five fields built in Online表单开发,
// synced, two rows added and one found on its generated page (功能测试); a report over its table built in
// Online报表配置 (SQL解析) and opened; then a second form whose popup field is bound to that report, where a
// row picked in the popup fills two fields, kept after saving. Its own server: it creates tables and rights.
const ADMIN = 'Admin#online-e2e-1';
const own = useOwnServer(ADMIN, { SAMPLE_CONTENT: 'off', DEMO_DATA: 'off' });
const signedIn = () => own.signedIn();

/** The form item labelled `label` inside a dialog or form. */
const item = (scope: Locator, label: string) => scope.locator('.ant-form-item').filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) });
/** The page's own button (pages kept alive in other tabs hold hidden ones of the same name). */
const visibleButton = (page: Page, name: RegExp | string) => page.getByRole('button', { name }).filter({ visible: true });
const listRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ visible: true });

/** Picks `option` in the editable grid's select cell (its options list is virtual: walked with the keyboard). */
async function pickInCell(page: Page, cell: Locator, option: string) {
  await cell.locator('button').click();
  const drop = page.locator('.ant-select-dropdown:visible');
  await drop.waitFor();
  for (let i = 0; i < 40; i++) {
    if ((await drop.locator('.ant-select-item-option-active').textContent()) === option) return page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option ${option}`);
}

interface FieldDef {
  name: string;
  txt: string;
  len: number;
  type?: string;
  widget?: string;
  query?: boolean;
  dictTable?: string;
  dictCode?: string;
  dictText?: string;
}

/** Online表单开发 → 新增: the head, the fields over the 数据库属性 / 页面属性 / 校验字段 tabs, saved and synced. */
async function buildForm(page: Page, table: string, title: string, fields: FieldDef[]) {
  await page.goto('/online/cgform');
  // the grid's 新增 adds as many rows as the form has fields (its 新增设置)
  await page.evaluate((count) => localStorage.setItem('EDITABLE_GRID_ADD_SETTINGS', JSON.stringify({ count, position: 0 })), fields.length);
  await visibleButton(page, /新\s*增/).click();
  const dlg = page.getByRole('dialog').filter({ hasText: '数据库属性' });
  await dlg.waitFor();
  await dlg.getByPlaceholder('请输入表名').fill(table);
  await dlg.getByPlaceholder('请输入表描述').fill(title);
  // the standard fields (id, creator, times, department) are there already
  await expect.poll(() => dlg.getByLabel('字段名称').count()).toBeGreaterThanOrEqual(6);
  await dlg.getByRole('toolbar').getByRole('button', { name: 'plus 新增' }).click();
  const ids: string[] = [];
  for (const f of fields) {
    const blank = dlg.locator('[role="row"]').filter({ has: page.locator('input[aria-label="字段名称"]:placeholder-shown') }).first();
    const id = (await blank.getAttribute('data-row-id'))!;
    ids.push(id);
    const row = dlg.locator(`[data-row-id="${id}"]`);
    await row.getByLabel('字段名称').fill(f.name);
    await row.getByLabel('字段备注').fill(f.txt);
    await row.getByLabel('字段长度').fill(String(f.len));
    if (f.type) await pickInCell(page, row.locator('[data-key="dbType"]'), f.type);
  }
  await dlg.getByRole('tab', { name: '页面属性' }).click();
  for (const [i, f] of fields.entries()) {
    const row = dlg.locator(`[data-row-id="${ids[i]}"]`);
    if (f.widget) await pickInCell(page, row.locator('[data-key="fieldShowType"]'), f.widget);
    if (f.query) await row.locator('[data-key="isQuery"] input').check();
  }
  await dlg.getByRole('tab', { name: '校验字段' }).click();
  for (const [i, f] of fields.entries()) {
    const row = dlg.locator(`[data-row-id="${ids[i]}"]`);
    if (f.dictTable) await row.getByLabel('字典Table').fill(f.dictTable);
    if (f.dictCode) await row.getByLabel('字典Code').fill(f.dictCode);
    if (f.dictText) await row.getByLabel('字典Text').fill(f.dictText);
  }
  await dlg.getByRole('button', { name: /确\s*定/ }).click();
  await dlg.waitFor({ state: 'hidden' });

  const row = page.locator('tr', { hasText: table });
  await row.getByText('未同步').waitFor();
  await row.getByText('更多').click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: '同步数据库' }).click();
  await page.getByRole('dialog').filter({ hasText: '同步数据库' }).getByRole('button', { name: '开始同步' }).click();
  await row.getByText('已同步').waitFor();
}

/** 更多 → 功能测试: the form's generated page. */
async function openGenerated(page: Page, table: string, title: string) {
  const row = page.locator('tr', { hasText: table });
  await row.getByText('更多').click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: '功能测试' }).click();
  await page.waitForURL(/\/online\/cgformList\/[^/]+$/);
  // the page of another form may still show for a moment (kept alive): wait for this form's own
  await expect.poll(() => page.title()).toContain(title);
  await visibleButton(page, /新\s*增/).waitFor();
}

describe('online forms and reports in the browser', () => {
  it('builds a form, syncs it, adds and finds rows, reports on it and picks a row through a popup on another form', { timeout: 240_000 }, async () => {
    const page = await signedIn();

    // a form of five fields, each with its own widget
    await buildForm(page, 'e2e_person', '人员档案', [
      { name: 'name', txt: '姓名', len: 50, query: true },
      { name: 'age', txt: '年龄', len: 10, type: 'Integer' },
      { name: 'birthday', txt: '生日', len: 0, type: 'Date', widget: '日期(年月日)' },
      { name: 'sex', txt: '性别', len: 2, widget: '下拉框', dictCode: 'sex' },
      { name: 'remark', txt: '备注', len: 500, widget: '多行文本' },
    ]);
    await openGenerated(page, 'e2e_person', '人员档案');
    // the buttons of a form made after signing in show: the page reads the rights from the server
    await visibleButton(page, /导\s*出/).waitFor();
    for (const p of [
      { name: '张三', age: '30', birthday: '1996-05-01', sex: '男', remark: '第一位' },
      { name: '李四', age: '25', birthday: '2001-10-20', sex: '女', remark: '第二位' },
    ]) {
      await visibleButton(page, /新\s*增/).click();
      const form = page.getByRole('dialog').filter({ hasText: '人员档案 新增' });
      await form.waitFor();
      await item(form, '姓名').locator('input').fill(p.name);
      await item(form, '年龄').locator('input').fill(p.age);
      await item(form, '生日').locator('input').click();
      await item(form, '生日').locator('input').fill(p.birthday);
      await page.keyboard.press('Enter');
      await item(form, '性别').locator('.ant-select').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: p.sex }).click();
      await item(form, '备注').locator('textarea').fill(p.remark);
      await form.getByRole('button', { name: /确\s*定/ }).click();
      await form.waitFor({ state: 'hidden' });
      await listRows(page).filter({ hasText: p.name }).waitFor();
    }
    expect(await listRows(page).allTextContents()).toEqual([
      expect.stringContaining('张三301996-05-01男第一位'),
      expect.stringContaining('李四252001-10-20女第二位'),
    ]);
    // 姓名 is a query field (text: a like search)
    await page.getByPlaceholder('请输入姓名').filter({ visible: true }).fill('李');
    await visibleButton(page, 'search 查询').click();
    await expect.poll(() => listRows(page).allTextContents(), { timeout: 15_000 }).toEqual([expect.stringContaining('李四')]);

    // a report over the new table, once an administrator has put it on the table allow-list (表白名单)
    const admin = await apiAs(own.server.url, 'admin', ADMIN);
    await admin.call('POST', '/sys/tableWhiteList/add', { tableName: 'e2e_person', fieldName: 'id,name,age,sex' });
    await page.goto('/online/cgreport');
    await visibleButton(page, /新\s*增/).click();
    const editor = page.getByRole('dialog').filter({ hasText: '新增报表' });
    await editor.waitFor();
    await item(editor, '报表编码').locator('input').fill('e2e_person_rpt');
    await item(editor, '报表名字').locator('input').fill('人员报表');
    await editor.getByLabel('报表SQL').fill('select id, name, age, sex from e2e_person');
    await editor.getByRole('button', { name: 'SQL解析' }).click();
    await expect.poll(() => editor.getByLabel('字段名字').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)), { timeout: 15_000 }).toEqual(['id', 'name', 'age', 'sex']);
    const itemRow = (n: number) => editor.locator('[role="row"]').filter({ has: page.getByLabel('字段名字') }).nth(n);
    for (const [n, title] of ['主键', '姓名', '年龄', '性别'].entries()) await itemRow(n).getByLabel('字段文本').fill(title);
    await itemRow(0).getByLabel('列显示').uncheck();
    await itemRow(1).getByLabel('查询', { exact: true }).check();
    await itemRow(3).getByLabel('字典code').fill('sex');
    await editor.getByRole('button', { name: /确\s*定/ }).click();
    await editor.waitFor({ state: 'hidden' });
    await page.locator('tr', { hasText: 'e2e_person_rpt' }).getByText('查看报表').click();
    await page.waitForURL(/\/online\/cgreport\/[^/]+$/);
    await expect.poll(() => listRows(page).allTextContents(), { timeout: 15_000 }).toEqual(['张三30男', '李四25女']);

    // a second form whose popup field reads the report: 来访人 ← name, 来访人年龄 ← age
    await buildForm(page, 'e2e_visit', '来访登记', [
      { name: 'visitor', txt: '来访人', len: 50, widget: 'Popup弹框', dictTable: 'e2e_person_rpt', dictCode: 'name,age', dictText: 'visitor,visitor_age' },
      { name: 'visitor_age', txt: '来访人年龄', len: 10, type: 'Integer' },
      { name: 'reason', txt: '事由', len: 100 },
    ]);
    await openGenerated(page, 'e2e_visit', '来访登记');
    await visibleButton(page, /新\s*增/).click();
    const visit = page.getByRole('dialog').filter({ hasText: '来访登记 新增' });
    await visit.waitFor();
    await item(visit, '来访人').getByRole('button', { name: /选\s*择/ }).click();
    const popup = page.locator('.ant-modal-wrap:visible .ant-modal').filter({ hasText: '人员报表' });
    await popup.locator('tr', { hasText: '李四' }).locator('input[type="checkbox"], input[type="radio"]').check();
    await popup.getByRole('button', { name: /确\s*定/ }).click();
    await popup.waitFor({ state: 'hidden' });
    expect(await item(visit, '来访人').locator('input').inputValue()).toBe('李四');
    expect(await item(visit, '来访人年龄').locator('input').inputValue()).toBe('25');
    await item(visit, '事由').locator('input').fill('参观');
    await visit.getByRole('button', { name: /确\s*定/ }).click();
    await visit.waitFor({ state: 'hidden' });
    await expect.poll(() => listRows(page).allTextContents(), { timeout: 15_000 }).toEqual([expect.stringContaining('李四25参观')]);
  });
});
