import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, auth, createTestApp, createUser, DEFAULT_TENANT, login, type TestApp } from '../../../../../test/helpers/test-app';
import { NOT_SYNCED } from './model';
import { grantForm, makeForm } from './testing';
import { APP_TEST_DATABASE } from '../../../../../test/helpers/databases';

// The generated API of synced online forms (issue 15), on SQLite and (TEST_DATABASE_URL) PostgreSQL:
// rows added, edited, listed and deleted through the original's calls, each value checked against its
// field, one-to-many and tree forms, export and import, defaults from fill rules, rights and tenants.

let t: TestApp;
let admin: string;
const ids: Record<string, string> = {};
const PASSWORD = 'Online#2026-data';

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => apiCall(t.app, token, method, `/online/cgform/api${url}`, payload);
const q = (params: Record<string, unknown>) => new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
const rowsOf = async (table: string) => (await (t.db.withoutPlugins() as Kysely<any>).selectFrom(table).selectAll().execute()) as Array<Record<string, any>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  ids.person = await makeForm(
    t.app,
    admin,
    {
      tableName: 'crm_person',
      title: '人员',
      fields: [
        { name: 'name', title: '姓名', length: 50, required: true, query: true, sort: true },
        { name: 'age', title: '年龄', dbType: 'int', query: true, queryMode: 'group', sort: true },
        { name: 'sex', title: '性别', view: 'list', dictCode: 'sex', query: true },
        { name: 'phone', title: '手机', length: 20, validType: 'm' },
        { name: 'birthday', title: '生日', dbType: 'Date', view: 'date', query: true, queryMode: 'group' },
        { name: 'salary', title: '工资', dbType: 'BigDecimal', length: 10, point: 2 },
        { name: 'card_no', title: '工号', length: 40, validType: 'only' },
        { name: 'code_no', title: '编号', length: 60, defaultValue: '${order_num_rule}' },
        { name: 'maker', title: '登记人', length: 50, defaultValue: '#{sysUserCode}' },
        { name: 'remark', title: '备注', dbType: 'Text', view: 'textarea', list: false },
      ],
    },
  );
  ids.order = await makeForm(
    t.app,
    admin,
    { tableName: 'crm_order', title: '订单', tableType: 2, fields: [{ name: 'order_no', title: '订单号', length: 30, required: true }, { name: 'total', title: '金额', dbType: 'double' }] },
  );
  ids.line = await makeForm(
    t.app,
    admin,
    {
      tableName: 'crm_order_line',
      title: '订单明细',
      tableType: 3,
      relationType: 0,
      fields: [
        { name: 'order_id', title: '订单', length: 32, mainTable: 'crm_order', mainField: 'id', form: false },
        { name: 'goods', title: '商品', length: 50, required: true },
        { name: 'qty', title: '数量', dbType: 'int', required: true },
      ],
    },
  );
  ids.area = await makeForm(
    t.app,
    admin,
    {
      tableName: 'crm_area',
      title: '地区',
      tree: { pid: 'pid', hasChild: 'has_child', text: 'name' },
      fields: [
        { name: 'name', title: '名称', length: 50, required: true, query: true },
        { name: 'pid', title: '上级', length: 32, list: false },
        { name: 'has_child', title: '是否有子节点', length: 3, list: false, form: false },
      ],
    },
  );
  ids.draft = await makeForm(t.app, admin, { tableName: 'crm_draft', title: '未同步', synced: false, fields: [{ name: 'title', length: 20 }] });
});
afterAll(() => t?.close());

describe(`online form data (${APP_TEST_DATABASE})`, () => {
  it('describes the list, the query form and the add form in the original shapes', async () => {
    const cols = await api('GET', `/getColumns/${ids.person}`);
    expect(cols.body.success).toBe(true);
    const r = cols.body.result;
    expect(r).toMatchObject({ currentTableName: 'crm_person', description: '人员', paginationFlag: 'Y', checkboxFlag: 'Y', isTree: 'N', tableType: 1 });
    expect(r.columns.map((c: any) => c.dataIndex)).toEqual(['name', 'age', 'sex', 'phone', 'birthday', 'salary', 'card_no', 'code_no', 'maker']);
    expect(r.columns.find((c: any) => c.dataIndex === 'sex')).toMatchObject({ customRender: 'sex', fieldType: 'list' });
    expect(r.dictOptions.sex.map((o: any) => [o.value, o.text])).toEqual([['1', '男'], ['2', '女']]);
    expect(r.hideColumns).not.toContain('add');
    // by table name too (the link-record widgets call it so)
    expect((await api('GET', '/getColumns/crm_person')).body.result.currentTableName).toBe('crm_person');

    const query = (await api('GET', `/getQueryInfoVue3/${ids.person}`)).body.result;
    expect(query.searchFieldList).toEqual(['name', 'age', 'sex', 'birthday']);
    expect(query.properties.age).toMatchObject({ mode: 'group', type: 'integer' });
    expect(query.properties.name).toMatchObject({ mode: 'like' });

    const item = (await api('GET', `/getFormItem/${ids.person}`)).body.result;
    expect(item.head).toMatchObject({ id: ids.person, tableName: 'crm_person', tableType: 1 });
    expect(item.schema.required).toEqual(['name']);
    expect(Object.keys(item.schema.properties)).not.toContain('create_by');
    expect(item.schema.properties.sex.enum).toEqual([{ value: '1', title: '男' }, { value: '2', title: '女' }]);
    expect(item.schema.properties.phone).toMatchObject({ pattern: '^1[3-9]\\d{9}$', errorInfo: '请输入正确的手机号码' });
    expect(item.schema.properties.code_no.defVal).toBe('${order_num_rule}');
    expect(item.form_disable_update).toBe(false);

    const order = (await api('GET', `/getFormItem/${ids.order}`)).body.result;
    const tab = order.schema.properties.crm_order_line;
    expect(tab).toMatchObject({ view: 'tab', relationType: 0, foreignKey: 'id', foreignField: 'order_id', id: ids.line, required: ['goods', 'qty'] });
    expect(tab.columns.map((c: any) => [c.key, c.type])).toEqual([['goods', 'input'], ['qty', 'inputNumber']]);
  });

  it('adds, reads, edits and deletes a row; the server fills id, audit fields, tenant and defaults', async () => {
    const add = await api('POST', `/form/${ids.person}?tabletype=1`, {
      id: 'mine', name: '张三', age: '30', sex: '1', phone: '13800138000', birthday: '1995-05-06', salary: '1234.5', card_no: 'A-1', create_by: 'someone', tenant_id: 9, unknown_col: 'x',
    });
    expect(add.body).toMatchObject({ success: true, message: '添加成功！' });
    const id = add.body.result as string;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const [stored] = (await rowsOf('crm_person')).filter((r) => r.id === id);
    expect(stored).toMatchObject({ name: '张三', age: 30, sex: '1', birthday: '1995-05-06', create_by: 'admin', tenant_id: DEFAULT_TENANT, maker: 'admin' });
    expect(Number(stored.salary)).toBe(1234.5);
    expect(stored.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // a fill rule gives each new row its own number
    const second = await api('POST', `/form/${ids.person}`, { name: '李四', age: 41, sex: '2' });
    const codes = (await rowsOf('crm_person')).map((r) => r.code_no);
    expect(codes.every((c) => typeof c === 'string' && c.length > 0)).toBe(true);
    expect(new Set(codes).size).toBe(2);

    const read = (await api('GET', `/form/${ids.person}/${id}`)).body.result;
    expect(read).toMatchObject({ id, name: '张三', age: 30, salary: 1234.5 });
    expect(read).not.toHaveProperty('tenant_id');
    expect((await api('GET', `/detail/${ids.person}/${id}`)).body.result.sex_dictText).toBe('男');

    const edit = await api('PUT', `/form/${ids.person}?tabletype=1`, { id, age: 31, create_by: 'forged' });
    expect(edit.body).toMatchObject({ success: true, message: '修改成功！' });
    const [after] = (await rowsOf('crm_person')).filter((r) => r.id === id);
    expect(after).toMatchObject({ name: '张三', age: 31, create_by: 'admin', update_by: 'admin' });

    const del = await api('DELETE', `/form/${ids.person}/${second.body.result}`);
    expect(del.body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await rowsOf('crm_person')).map((r) => r.id)).toEqual([id]);
    expect((await api('DELETE', `/form/${ids.person}/${second.body.result}`)).body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('checks every value against its field and answers the reason in Chinese', async () => {
    const before = (await rowsOf('crm_person')).length;
    const refuse = async (body: Record<string, unknown>, message: string) => {
      const res = await api('POST', `/form/${ids.person}`, { name: '王五', ...body });
      expect(res.body, JSON.stringify(body)).toMatchObject({ success: false, message });
    };
    await refuse({ name: '' }, '姓名不能为空');
    await refuse({ age: 'abc' }, '年龄必须是整数');
    await refuse({ phone: '12345' }, '手机：请输入正确的手机号码');
    await refuse({ sex: '9' }, '性别的值“9”不在可选范围内');
    await refuse({ name: 'x'.repeat(51) }, '姓名最长50个字符');
    await refuse({ birthday: '2024-02-30' }, '生日的日期格式应为 YYYY-MM-DD');
    await refuse({ salary: '1.234' }, '工资最多保留2位小数');
    await refuse({ card_no: 'A-1' }, '工号“A-1”已存在');
    expect((await rowsOf('crm_person')).length).toBe(before);
  });

  it('lists with query fields, ranges, sort, paging and the advanced query', async () => {
    for (const [name, age, sex, birthday] of [['张小明', 12, '1', '2012-01-01'], ['赵敏', 25, '2', '1999-03-03'], ['张无忌', 45, '1', '1979-09-09']] as const) {
      expect((await api('POST', `/form/${ids.person}`, { name, age, sex, birthday })).body.success).toBe(true);
    }
    const list = async (params: Record<string, unknown>) => {
      const res = await api('GET', `/getData/${ids.person}?${q(params)}`);
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      return res.body.result;
    };
    const page = await list({ column: 'age', order: 'desc', pageNo: 1, pageSize: 2 });
    expect(page).toMatchObject({ total: 4, size: 2, current: 1, pages: 2 });
    expect(page.records.map((r: any) => r.age)).toEqual([45, 31]);
    expect(page.records[0].sex_dictText).toBe('男');
    expect((await list({ name: '*张*', column: 'age', order: 'asc' })).records.map((r: any) => r.name)).toEqual(['张小明', '张三', '张无忌']);
    expect((await list({ age_begin: 20, age_end: 40, column: 'age', order: 'asc' })).records.map((r: any) => r.age)).toEqual([25, 31]);
    expect((await list({ sex: '2' })).records.map((r: any) => r.name)).toEqual(['赵敏']);
    expect((await list({ birthday_begin: '1990-01-01', birthday_end: '2000-12-31', column: 'birthday', order: 'desc' })).records.map((r: any) => r.name)).toEqual(['赵敏', '张三']);
    const advanced = [{ field: 'age', rule: 'lt', val: '20', type: 'int' }, { field: 'name', rule: 'eq', val: '赵敏', type: 'string' }];
    expect((await list({ superQueryParams: encodeURIComponent(JSON.stringify(advanced)), superQueryMatchType: 'or', column: 'age', order: 'asc' })).records.map((r: any) => r.name)).toEqual([
      '张小明',
      '赵敏',
    ]);
    expect((await list({ pageSize: -521 })).records).toHaveLength(4);
    // link-record widgets: by table name, only the fields they name (and id)
    const linked = await list({ linkTableSelectFields: 'name', superQueryParams: JSON.stringify([{ field: 'name', rule: 'eq', val: '赵敏' }]) });
    expect(Object.keys(linked.records[0]).sort()).toEqual(['id', 'name']);
    expect((await api('GET', `/getData/crm_person?${q({ column: 'password', order: 'asc' })}`)).body.success).toBe(false);
    // names from a request reach SQL only when the form defines them
    expect((await api('GET', `/getData/crm_person?${q({ column: 'name; drop table crm_person', order: 'asc' })}`)).body.success).toBe(false);
    const badField = JSON.stringify([{ field: 'name) or (1=1', rule: 'eq', val: 'x' }]);
    expect((await api('GET', `/getData/crm_person?${q({ superQueryParams: badField })}`)).body.success).toBe(false);
    expect((await list({ "name' or '1'='1": 'x', linkTableSelectFields: 'name,tenant_id,(select 1)' })).total).toBe(4);
    expect((await list({ name: "' or '1'='1" })).total).toBe(0);
    expect((await rowsOf('crm_person')).length).toBe(4);
  });

  it('saves a one-to-many form with its sub rows in one transaction, replaces them on edit, refuses a bad sub row whole', async () => {
    const add = await api('POST', `/form/${ids.order}?tabletype=2`, { order_no: 'SO-1', total: 30, crm_order_line: [{ goods: '苹果', qty: 2 }, { goods: '梨', qty: '3' }] });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    const orderId = add.body.result;
    const read = (await api('GET', `/form/${ids.order}/${orderId}`)).body.result;
    expect(read.order_no).toBe('SO-1');
    expect(read.crm_order_line.map((l: any) => [l.goods, l.qty, l.order_id])).toEqual([
      ['苹果', 2, orderId],
      ['梨', 3, orderId],
    ]);
    const edit = await api('PUT', `/form/${ids.order}`, { id: orderId, order_no: 'SO-1', crm_order_line: [{ goods: '桃', qty: 5 }] });
    expect(edit.body.success).toBe(true);
    expect((await rowsOf('crm_order_line')).map((l) => [l.goods, l.qty])).toEqual([['桃', 5]]);
    expect((await api('GET', `/subform/list/crm_order_line/${orderId}`)).body.result.map((l: any) => l.goods)).toEqual(['桃']);

    const bad = await api('POST', `/form/${ids.order}`, { order_no: 'SO-2', crm_order_line: [{ goods: '桃', qty: 1 }, { goods: '李', qty: 'x' }] });
    expect(bad.body).toMatchObject({ success: false, message: '订单明细第2行：数量必须是整数' });
    const badEdit = await api('PUT', `/form/${ids.order}`, { id: orderId, order_no: 'SO-9', crm_order_line: [{ goods: '', qty: 1 }] });
    expect(badEdit.body).toMatchObject({ success: false, message: '订单明细第1行：商品不能为空' });
    expect((await rowsOf('crm_order')).map((o) => o.order_no)).toEqual(['SO-1']);
    expect((await rowsOf('crm_order_line')).map((l) => l.goods)).toEqual(['桃']);

    // the sub form's rows are read with the main form's right; deleting the main row deletes its sub rows
    expect((await api('DELETE', `/form/${ids.order}/${orderId}`)).body.success).toBe(true);
    expect(await rowsOf('crm_order_line')).toEqual([]);
  });

  it('loads a tree form lazily: roots first, children by parent, the parent flagged', async () => {
    const root = (await api('POST', `/form/${ids.area}`, { name: '浙江' })).body.result;
    const other = (await api('POST', `/form/${ids.area}`, { name: '江苏', pid: '' })).body.result;
    const child = await api('POST', `/form/${ids.area}`, { name: '杭州', pid: root });
    expect(child.body.success).toBe(true);
    expect((await api('POST', `/form/${ids.area}`, { name: '无主', pid: 'f'.repeat(32) })).body).toMatchObject({ success: false, message: '上级节点不存在' });

    const cols = (await api('GET', `/getColumns/${ids.area}`)).body.result;
    expect(cols).toMatchObject({ isTree: 'Y', pidField: 'pid', hasChildrenField: 'has_child', textField: 'name' });
    const roots = (await api('GET', `/getTreeData/${ids.area}?${q({ hasQuery: 'false', column: 'name', order: 'asc', pageNo: 1, pageSize: 10 })}`)).body.result;
    expect(roots.records.map((r: any) => [r.name, r.has_child])).toEqual([['江苏', '0'], ['浙江', '1']]);
    const children = (await api('GET', `/getTreeData/${ids.area}?${q({ pid: root, has_child: '1', column: 'id', order: 'asc' })}`)).body.result;
    expect(children.records.map((r: any) => r.name)).toEqual(['杭州']);
    const found = (await api('GET', `/getTreeData/${ids.area}?${q({ hasQuery: 'false', name: '*杭*' })}`)).body.result;
    expect(found.records.map((r: any) => r.name)).toEqual(['杭州']);
    expect((await api('PUT', `/form/${ids.area}`, { id: root, pid: child.body.result })).body).toMatchObject({ success: false, message: '不能选择自己或下级作为上级节点' });
    // the rows of expanded nodes in one call, as the list reloads them after a save
    const expanded = [{ field: 'pid', rule: 'in', val: root, type: 'text' }];
    const batch = (await api('GET', `/getTreeData/${ids.area}?${q({ hasQuery: 'in', batchFlag: 'true', superQueryParams: encodeURIComponent(JSON.stringify(expanded)), superQueryMatchType: 'and' })}`)).body.result;
    expect(batch.records.map((r: any) => r.name)).toEqual(['杭州']);
    // moving a node updates both parents' flags
    expect((await api('PUT', `/form/${ids.area}`, { id: child.body.result, name: '杭州', pid: other })).body.success).toBe(true);
    const flags = Object.fromEntries((await rowsOf('crm_area')).map((r) => [r.name, r.has_child]));
    expect(flags).toMatchObject({ 浙江: '0', 江苏: '1' });
    expect((await api('PUT', `/form/${ids.area}`, { id: child.body.result, pid: root })).body.success).toBe(true);

    expect((await api('DELETE', `/form/${ids.area}/${root}`)).body.success).toBe(true);
    expect((await rowsOf('crm_area')).map((r) => r.id)).toEqual([other]);
  });

  it('exports the list and imports it back, dictionary texts turned into codes', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/online/cgform/api/exportXlsOld/${ids.person}?${q({ paramsStr: JSON.stringify({ sex: '1', column: 'age', order: 'asc' }) })}`, headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const file = res.rawPayload;
    const before = await rowsOf('crm_person');
    const men = before.filter((r) => r.sex === '1');
    await (t.db.withoutPlugins() as Kysely<any>).deleteFrom('crm_person').where('sex', '=', '1').execute();

    const boundary = '----online' + Math.random().toString(16).slice(2);
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="person.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const upload = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/online/cgform/api/importXls/${ids.person}`,
        payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { ...auth(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    const imported = (await upload()).json();
    expect(imported.success, JSON.stringify(imported)).toBe(true);
    expect(imported.message).toBe(`文件导入完成，共${men.length}行，成功${men.length}行，失败0行`);
    const back = (await rowsOf('crm_person')).filter((r) => r.sex === '1');
    expect(back.map((r) => r.name).sort()).toEqual(men.map((r) => r.name).sort());
    expect(back.every((r) => r.create_by === 'admin' && r.tenant_id === DEFAULT_TENANT)).toBe(true);
    // the same file again: the unique 工号 refuses its row, the others come in, the refused row is reported
    const again = (await upload()).json();
    expect(again).toMatchObject({ success: true, code: 201 });
    expect(again.result.msg).toBe(`总上传行数：${men.length}，已导入行数：${men.length - 1}，错误行数：1`);
  });

  it('refuses callers without the form right, and keeps every tenant to its own rows', async () => {
    const clerkId = await createUser(t.db, { username: 'form_clerk', password: PASSWORD });
    await grantForm(t.db, clerkId, 'crm_person', ['list']);
    const clerk = await login(t.app, 'form_clerk', PASSWORD);
    expect((await api('GET', `/getData/${ids.person}`, undefined, clerk)).body.success).toBe(true);
    expect((await api('GET', `/getColumns/${ids.person}`, undefined, clerk)).body.result.hideColumns).toEqual(expect.arrayContaining(['add', 'edit', 'delete', 'import', 'export']));
    const refused = await api('POST', `/form/${ids.person}`, { name: '越权' }, clerk);
    expect(refused).toMatchObject({ status: 403, body: { success: false, code: 510 } });
    expect((await api('GET', `/getData/${ids.order}`, undefined, clerk)).status).toBe(403);
    expect((await api('GET', `/getFormItem/${ids.person}`, undefined, clerk)).body.result.form_disable_update).toBe(true);

    await t.db.insertInto('sysTenant').values({ id: 2300, name: '另一租户', status: 1 }).execute();
    const otherId = await createUser(t.db, { username: 'form_other', password: PASSWORD, tenants: [2300] });
    await grantForm(t.db, otherId, 'crm_person');
    const other = await login(t.app, 'form_other', PASSWORD);
    const mine = (await api('GET', `/getData/${ids.person}?pageSize=-521`)).body.result.records;
    expect(mine.length).toBeGreaterThan(0);
    expect((await api('GET', `/getData/${ids.person}`, undefined, other)).body.result.total).toBe(0);
    expect((await api('GET', `/form/${ids.person}/${mine[0].id}`, undefined, other)).body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await api('DELETE', `/form/${ids.person}/${mine[0].id}`, undefined, other)).body.success).toBe(false);
    const theirs = await api('POST', `/form/${ids.person}`, { name: '他人' }, other);
    expect(theirs.body.success).toBe(true);
    expect((await rowsOf('crm_person')).find((r) => r.id === theirs.body.result)?.tenant_id).toBe(2300);
    expect((await api('GET', `/getData/${ids.person}?pageSize=-521`)).body.result.records.map((r: any) => r.name)).not.toContain('他人');
  });

  it('offers the options of linked selects from declared sources, conditions only as bound equalities', async () => {
    const base = { table: 'sys_category', txt: 'name', key: 'code', idField: 'id', pidField: 'pid' };
    const roots = await api('GET', `/querySelectOptions?${q({ ...base, condition: "pid = '0'" })}`);
    expect(roots.body.result.map((o: any) => [o.store, o.label])).toEqual([['A01', '安全培训'], ['A02', '课程资源']]);
    const children = await api('GET', `/querySelectOptions?${q({ ...base, pidValue: roots.body.result[0].id })}`);
    expect(children.body.result.map((o: any) => o.label)).toEqual(['消防安全', '交通安全', '用电安全']);
    const one = await api('GET', `/querySelectOptions?${q({ ...base, condition: "code = 'A01A02'" })}`);
    expect(one.body.result.map((o: any) => o.label)).toEqual(['交通安全']);
    expect((await api('GET', `/querySelectOptions?${q({ ...base, condition: "pid = '0' or 1=1" })}`)).body).toMatchObject({ success: false });
    expect((await api('GET', `/querySelectOptions?${q({ ...base, condition: "code = 'x'; drop table crm_person" })}`)).body).toMatchObject({ success: false });
    expect((await api('GET', `/querySelectOptions?${q({ ...base, table: 'sys_user_token' })}`)).body).toMatchObject({ success: false });
    expect((await api('GET', `/querySelectOptions?${q({ ...base, txt: 'password', table: 'sys_user', key: 'username' })}`)).body).toMatchObject({ success: false });
  });

  it('serves no data of a form not synced to the database', async () => {
    expect((await api('GET', `/getData/${ids.draft}`)).body).toMatchObject({ success: false, message: NOT_SYNCED });
    expect((await api('POST', `/form/${ids.draft}`, { title: 'x' })).body).toMatchObject({ success: false, message: NOT_SYNCED });
    expect((await api('GET', '/getData/no_such_form')).body).toMatchObject({ success: false, message: '表单不存在或已被删除' });
  });
});
