import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';
import { readColumns, readIndexNames, tableExists } from './sync/introspect';

// Online表单开发 (issue 15): defining forms and syncing them to the database, on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL. Rows are written straight into the tables here; the generated data API
// has its own tests.

type Field = Record<string, unknown>;

const field = (dbFieldName: string, dbType: string, dbLength: number, extra: Field = {}): Field => ({
  dbFieldName,
  dbFieldTxt: dbFieldName,
  dbType,
  dbLength,
  dbPointLength: 0,
  dbIsKey: '0',
  dbIsNull: '1',
  dbIsPersist: '1',
  isShowForm: '1',
  isShowList: '1',
  fieldShowType: 'text',
  ...extra,
});

/** The fields a new form starts with in the designer (cgform.data.ts useInitialData). */
const baseFields = (): Field[] => [
  field('id', 'string', 36, { dbIsKey: '1', dbIsNull: '0', isShowForm: '0', isShowList: '0' }),
  field('create_by', 'string', 50),
  field('create_time', 'Datetime', 0),
  field('update_by', 'string', 50),
  field('update_time', 'Datetime', 0),
  field('sys_org_code', 'string', 64),
];

const body = (head: Field, fields: Field[], indexs: Field[] = []) => ({ head: { tableType: 1, isTree: 'N', ...head }, fields, indexs, deleteFieldIds: [], deleteIndexIds: [] });

describe('Online表单开发: definitions and database sync', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  const columnsOf = async (table: string) => (await readColumns(t.db, t.dialect, table))?.map((c) => c.name) ?? null;
  const rows = async (table: string) => (await sql<Record<string, unknown>>`select * from ${sql.id(table)} order by ${sql.id('id')}`.execute(t.db)).rows;
  const headOf = async (tableName: string) => t.db.selectFrom('onlCgformHead').selectAll().where('tableName', '=', tableName).executeTakeFirstOrThrow();
  const sync = (id: string, method = 'normal', confirm = false) => apiCall(t.app, admin, 'POST', `/online/cgform/api/doDbSynch/${id}/${method}${confirm ? '?confirm=1' : ''}`);
  const fieldsOf = async (headId: string) => (await apiCall(t.app, admin, 'GET', `/online/cgform/field/listByHeadId?headId=${headId}`)).body.result as Array<Field & { id: string }>;

  it('creates a form, syncs it, and alters it (widen, add, rename) with the rows kept', async () => {
    const add = await apiCall(t.app, admin, 'POST', '/online/cgform/api/addAll',
      body({ tableName: 'demo_book', tableTxt: '图书' }, [...baseFields(), field('title', 'string', 20), field('pages', 'int', 10, { dbDefaultVal: '0' }), field('price', 'BigDecimal', 10, { dbPointLength: 2 }), field('status', 'string', 10, { dbDefaultVal: "a'b", dbIsNull: '0' })], [{ indexName: 'idx_title', indexField: 'title', indexType: 'normal' }]));
    expect(add.body).toMatchObject({ success: true });
    const headId = add.body.result as string;

    const list = await apiCall(t.app, admin, 'GET', '/online/cgform/head/list?tableName=*book*&copyType=0');
    expect(list.body.result.records).toEqual([expect.objectContaining({ id: headId, tableName: 'demo_book', tableTxt: '图书', isDbSynch: 'N', tableType: 1 })]);
    expect((await apiCall(t.app, admin, 'GET', `/online/cgform/head/queryById?id=${headId}`)).body.result).toMatchObject({ tableName: 'demo_book' });
    expect((await apiCall(t.app, admin, 'GET', `/online/cgform/index/listByHeadId?headId=${headId}`)).body.result).toEqual([expect.objectContaining({ indexName: 'idx_title', indexField: 'title', isDbSynch: 'N' })]);

    expect((await sync(headId)).body).toMatchObject({ success: true, message: '同步数据库成功' });
    expect(await columnsOf('demo_book')).toEqual(['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code', 'title', 'pages', 'price', 'status', 'tenant_id']);
    expect((await headOf('demo_book')).isDbSynch).toBe('Y');

    await sql`insert into demo_book (id, title, pages, price, tenant_id) values ('b1', '三体', 302, 23.5, 1000)`.execute(t.db);

    // widen title, rename pages → page_count, add a text column
    const fields = await fieldsOf(headId);
    const edited = fields.map((f) => (f.dbFieldName === 'title' ? { ...f, dbLength: 200 } : f.dbFieldName === 'pages' ? { ...f, dbFieldName: 'page_count' } : f));
    const edit = await apiCall(t.app, admin, 'PUT', '/online/cgform/api/editAll', body({ id: headId, tableName: 'demo_book', tableTxt: '图书' }, [...edited, field('summary', 'Text', 0)], [{ indexName: 'idx_title', indexField: 'title', indexType: 'normal' }]));
    expect(edit.body).toMatchObject({ success: true });
    expect((await headOf('demo_book')).isDbSynch).toBe('N');

    expect((await sync(headId)).body).toMatchObject({ success: true, message: '同步数据库成功' });
    const [row] = await rows('demo_book');
    expect(row).toMatchObject({ id: 'b1', title: '三体', pageCount: 302, summary: null, status: "a'b", tenantId: 1000 });
    expect(Number(row.price)).toBe(23.5);
    const title = (await readColumns(t.db, t.dialect, 'demo_book'))!.find((c) => c.name === 'title');
    expect(title).toMatchObject({ kind: 'varchar', length: 200 });
    expect((await fieldsOf(headId)).find((f) => f.dbFieldName === 'page_count')).toMatchObject({ dbFieldNameOld: null });
    expect((await headOf('demo_book')).isDbSynch).toBe('Y');

    // narrowing and dropping lose data: refused until confirmed
    const narrowed = (await fieldsOf(headId)).filter((f) => f.dbFieldName !== 'summary').map((f) => (f.dbFieldName === 'title' ? { ...f, dbLength: 2 } : f));
    await apiCall(t.app, admin, 'PUT', '/online/cgform/api/editAll', body({ id: headId, tableName: 'demo_book', tableTxt: '图书' }, narrowed, [{ indexName: 'idx_title', indexField: 'title', indexType: 'unique' }]));
    const refused = await sync(headId);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ success: false, code: 500, result: { needConfirm: true } });
    expect(refused.body.result.changes.join('\n')).toMatch(/删除字段 summary/);
    expect(refused.body.result.changes.join('\n')).toMatch(/title/);
    expect(await columnsOf('demo_book')).toContain('summary');
    expect((await rows('demo_book'))[0]).toMatchObject({ title: '三体' });

    expect((await sync(headId, 'normal', true)).body).toMatchObject({ success: true, message: '同步数据库成功' });
    expect(await columnsOf('demo_book')).not.toContain('summary');
    expect((await rows('demo_book'))[0]).toMatchObject({ id: 'b1', title: '三体', pageCount: 302 });
    expect(await readIndexNames(t.db, t.dialect, 'demo_book')).toEqual(['demo_book_idx_title']);

    // saving without a change to the table keeps the form synced
    await apiCall(t.app, admin, 'PUT', '/online/cgform/api/editAll', body({ id: headId, tableName: 'demo_book', tableTxt: '图书（新）' }, await fieldsOf(headId), (await apiCall(t.app, admin, 'GET', `/online/cgform/index/listByHeadId?headId=${headId}`)).body.result));
    expect((await headOf('demo_book')).isDbSynch).toBe('Y');

    // force rebuilds the table: asks first, then empties it
    expect((await sync(headId, 'force')).body).toMatchObject({ success: false, result: { needConfirm: true } });
    expect(await rows('demo_book')).toHaveLength(1);
    expect((await sync(headId, 'force', true)).body).toMatchObject({ success: true });
    expect(await rows('demo_book')).toHaveLength(0);
  });

  it('refuses a change the rows cannot take, and clears a column whose type changes incompatibly only once confirmed', async () => {
    const add = await apiCall(t.app, admin, 'POST', '/online/cgform/api/addAll', body({ tableName: 'demo_score', tableTxt: '成绩' }, [...baseFields(), field('score', 'string', 10), field('memo', 'string', 50)]));
    const headId = add.body.result as string;
    expect((await sync(headId)).body.success).toBe(true);
    await sql`insert into demo_score (id, score, tenant_id) values ('s1', '95', 1000)`.execute(t.db);

    const withRequired = [...(await fieldsOf(headId)), field('grade', 'int', 10, { dbIsNull: '0' })];
    await apiCall(t.app, admin, 'PUT', '/online/cgform/api/editAll', body({ id: headId, tableName: 'demo_score', tableTxt: '成绩' }, withRequired));
    expect((await sync(headId)).body).toMatchObject({ success: false, message: expect.stringContaining('grade') });
    const memoRequired = (await fieldsOf(headId)).filter((f) => f.dbFieldName !== 'grade').map((f) => (f.dbFieldName === 'memo' ? { ...f, dbIsNull: 0 } : f));
    await apiCall(t.app, admin, 'PUT', '/online/cgform/api/editAll', body({ id: headId, tableName: 'demo_score', tableTxt: '成绩' }, memoRequired));
    expect((await sync(headId)).body).toMatchObject({ success: false, message: expect.stringContaining('memo') });

    const toInt = (await fieldsOf(headId)).map((f) => (f.dbFieldName === 'score' ? { ...f, dbType: 'int', dbLength: 10 } : f.dbFieldName === 'memo' ? { ...f, dbIsNull: 1 } : f));
    await apiCall(t.app, admin, 'PUT', '/online/cgform/api/editAll', body({ id: headId, tableName: 'demo_score', tableTxt: '成绩' }, toInt));
    const refused = await sync(headId);
    expect(refused.body.result.changes.join()).toMatch(/score.*清空/);
    expect((await rows('demo_score'))[0]).toMatchObject({ score: '95' });
    expect((await sync(headId, 'normal', true)).body.success).toBe(true);
    expect((await rows('demo_score'))[0]).toMatchObject({ id: 's1', score: null });
    expect((await readColumns(t.db, t.dialect, 'demo_score'))!.find((c) => c.name === 'score')).toMatchObject({ kind: 'integer' });
  });

  it('syncs a tree form and a one-to-many pair, keeping the main form’s list of subs', async () => {
    const tree = await apiCall(t.app, admin, 'POST', '/online/cgform/api/addAll',
      body({ tableName: 'demo_region', tableTxt: '地区', isTree: 'Y', treeParentIdField: 'pid', treeIdField: 'has_child', treeFieldname: 'name' },
        [...baseFields(), field('name', 'string', 50), field('pid', 'string', 32), field('has_child', 'string', 3, { dictField: 'yn' })]));
    expect(tree.body).toMatchObject({ success: true });
    expect((await sync(tree.body.result)).body.success).toBe(true);
    expect(await columnsOf('demo_region')).toEqual(expect.arrayContaining(['pid', 'has_child', 'name', 'tenant_id']));

    const noTreeField = await apiCall(t.app, admin, 'POST', '/online/cgform/api/addAll',
      body({ tableName: 'demo_tree_bad', tableTxt: '坏树', isTree: 'Y', treeParentIdField: 'pid', treeIdField: 'has_child' }, [...baseFields(), field('name', 'string', 50)]));
    expect(noTreeField.body).toMatchObject({ success: false, message: expect.stringContaining('pid') });

    const main = await apiCall(t.app, admin, 'POST', '/online/cgform/api/addAll', body({ tableName: 'shop_order', tableTxt: '订单', tableType: 2 }, [...baseFields(), field('order_no', 'string', 32)]));
    expect(main.body, main.body.message).toMatchObject({ success: true });
    const sub = await apiCall(t.app, admin, 'POST', '/online/cgform/api/addAll',
      body({ tableName: 'shop_order_item', tableTxt: '订单明细', tableType: 3, relationType: 0 }, [...baseFields(), field('order_id', 'string', 36, { mainTable: 'shop_order', mainField: 'id' }), field('qty', 'int', 10)]));
    expect(sub.body, sub.body.message).toMatchObject({ success: true });
    expect((await headOf('shop_order')).subTableStr).toBe('shop_order_item');
    expect((await sync(main.body.result)).body.success).toBe(true);
    expect((await sync(sub.body.result)).body.success).toBe(true);
    expect(await columnsOf('shop_order_item')).toEqual(expect.arrayContaining(['order_id', 'qty']));
    expect(await readIndexNames(t.db, t.dialect, 'shop_order_item')).toEqual(['shop_order_item_fk_order_id']);

    const orphan = await apiCall(t.app, admin, 'POST', '/online/cgform/api/addAll',
      body({ tableName: 'demo_orphan', tableTxt: '无主', tableType: 3 }, [...baseFields(), field('order_id', 'string', 36, { mainTable: 'demo_nothing', mainField: 'id' })]));
    expect(orphan.body).toMatchObject({ success: false, message: expect.stringContaining('demo_nothing') });

    // the main form cannot go while its sub stays; both together can, tables and all
    const lone = await apiCall(t.app, admin, 'DELETE', `/online/cgform/head/delete?id=${main.body.result}`);
    expect(lone.body).toMatchObject({ success: false, message: expect.stringContaining('shop_order_item') });
    const both = await apiCall(t.app, admin, 'DELETE', `/online/cgform/head/deleteBatch?ids=${main.body.result},${sub.body.result}&flag=1`);
    expect(both.body, JSON.stringify(both.body)).toMatchObject({ success: true });
    expect(await tableExists(t.db, t.dialect, 'shop_order')).toBe(false);
    expect(await tableExists(t.db, t.dialect, 'shop_order_item')).toBe(false);

    // removeRecord keeps the table
    expect((await apiCall(t.app, admin, 'DELETE', `/online/cgform/head/removeRecord?id=${tree.body.result}`)).body.success).toBe(true);
    expect(await tableExists(t.db, t.dialect, 'demo_region')).toBe(true);
  });

  it('refuses bad names: reserved words, system tables, the pattern, tables that are not forms', async () => {
    await sql`create table plain_table (id varchar(32) primary key)`.execute(t.db);
    for (const [tableName, message] of [
      ['order', '关键字'],
      ['sys_user', '系统表'],
      ['onl_cgform_head', '系统表'],
      ['bad-name', '不合法'],
      ['9lives', '不合法'],
      ['plain_table', '已存在'],
    ]) {
      const res = await apiCall(t.app, admin, 'POST', '/online/cgform/api/addAll', body({ tableName, tableTxt: '坏表' }, baseFields()));
      expect(res.body, tableName).toMatchObject({ success: false, message: expect.stringContaining(message) });
    }
    const badField = await apiCall(t.app, admin, 'POST', '/online/cgform/api/addAll', body({ tableName: 'demo_ok', tableTxt: '好表' }, [...baseFields(), field('select', 'string', 10)]));
    expect(badField.body).toMatchObject({ success: false, message: expect.stringContaining('关键字') });
    const tenant = await apiCall(t.app, admin, 'POST', '/online/cgform/api/addAll', body({ tableName: 'demo_ok', tableTxt: '好表' }, [...baseFields(), field('tenant_id', 'int', 10)]));
    expect(tenant.body).toMatchObject({ success: false, message: expect.stringContaining('tenant_id') });
    expect((await apiCall(t.app, admin, 'GET', '/online/cgform/api/checkOnlyTable?tbname=sys_user')).body.result).toBe(-1);
    expect((await apiCall(t.app, admin, 'GET', '/online/cgform/api/checkOnlyTable?tbname=demo_fresh')).body.result).toBe(1);
    expect(await t.db.selectFrom('onlCgformHead').select('id').where('tableName', 'in', ['order', 'sys_user', 'plain_table', 'demo_ok']).execute()).toEqual([]);
  });

  it('gives each form its own rights: created for the creator’s roles, renamed with the table, removed with the form', async () => {
    await createUser(t.db, { username: 'designer', password: 'Designer#1', menuKeys: ['online.dev', 'online.dev.cgform', 'online.dev.cgform.list', 'online.dev.cgform.add', 'online.dev.cgform.edit', 'online.dev.cgform.delete'] });
    await createUser(t.db, { username: 'viewer', password: 'Viewer#1', menuKeys: ['online.dev', 'online.dev.cgform', 'online.dev.cgform.list'] });
    await createUser(t.db, { username: 'nobody', password: 'Nobody#1', menuKeys: [] });
    const designer = await login(t.app, 'designer', 'Designer#1');
    const viewer = await login(t.app, 'viewer', 'Viewer#1');
    const nobody = await login(t.app, 'nobody', 'Nobody#1');

    expect(await apiCall(t.app, nobody, 'GET', '/online/cgform/head/list')).toMatchObject({ status: 403, body: { code: 510 } });
    expect(await apiCall(t.app, viewer, 'POST', '/online/cgform/api/addAll', body({ tableName: 'demo_x', tableTxt: 'x' }, baseFields()))).toMatchObject({ status: 403 });
    expect(await apiCall(t.app, designer, 'POST', '/online/cgform/api/doDbSynch/abc/normal')).toMatchObject({ status: 403 });

    const add = await apiCall(t.app, designer, 'POST', '/online/cgform/api/addAll', body({ tableName: 'demo_note', tableTxt: '便签' }, [...baseFields(), field('content', 'string', 100)]));
    expect(add.body.success).toBe(true);
    const codes = async (who: string) => {
      const u = await t.db.selectFrom('sysUser').select('id').where('username', '=', who).executeTakeFirstOrThrow();
      const r = await t.db.selectFrom('sysPermission as p').innerJoin('sysRolePermission as rp', 'rp.permissionId', 'p.id').innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId').select('p.perms').where('ur.userId', '=', u.id).where('p.perms', 'like', 'online:form:%').execute();
      return r.map((x) => x.perms).sort();
    };
    const expected = (table: string) => ['add', 'delete', 'edit', 'export', 'import', 'list'].map((a) => `online:form:${table}:${a}`);
    expect(await codes('designer')).toEqual(expected('demo_note'));
    expect(await codes('viewer')).toEqual([]);
    const rowsOf = (table: string) => t.db.selectFrom('sysPermission').select(['perms', 'menuType']).where('perms', 'like', `online:form:${table}:%`).execute();
    expect(await rowsOf('demo_note')).toHaveLength(6);
    const parent = await t.db.selectFrom('sysPermission as p').innerJoin('sysPermission as m', 'm.id', 'p.parentId').select(['m.name', 'm.hidden', 'p.menuType']).where('p.perms', '=', 'online:form:demo_note:list').executeTakeFirstOrThrow();
    expect(parent).toEqual({ name: 'Online表单数据', hidden: 1, menuType: 2 });
    const designerMenu = await t.db.selectFrom('sysPermission').select(['url', 'component']).where('name', '=', 'Online表单开发').executeTakeFirstOrThrow();
    expect(designerMenu).toEqual({ url: '/online/cgform', component: 'super/online/cgform/index' });

    const headId = add.body.result as string;
    const fields = await fieldsOf(headId);
    expect((await apiCall(t.app, designer, 'PUT', '/online/cgform/api/editAll', body({ id: headId, tableName: 'demo_memo', tableTxt: '便签' }, fields))).body.success).toBe(true);
    expect(await rowsOf('demo_note')).toHaveLength(0);
    expect(await codes('designer')).toEqual(expected('demo_memo'));

    // a copy view shares the table and has rights of its own; a copied table is a new form
    const view = await apiCall(t.app, admin, 'POST', `/online/cgform/head/copyOnline?code=${headId}`);
    expect(view.body.success).toBe(true);
    const copies = await apiCall(t.app, admin, 'GET', `/online/cgform/head/list?copyType=1&physicId=${headId}`);
    expect(copies.body.result.records).toEqual([expect.objectContaining({ tableName: 'demo_memo$1', copyType: 1, physicId: headId })]);
    const viewFields = await fieldsOf(view.body.result);
    const retyped = viewFields.map((f) => (f.dbFieldName === 'content' ? { ...f, dbType: 'int' } : f));
    const viewEdit = await apiCall(t.app, admin, 'PUT', '/online/cgform/api/editAll', body({ id: view.body.result, tableName: 'demo_memo$1', tableTxt: '便签视图' }, retyped));
    expect(viewEdit.body).toMatchObject({ success: false, message: expect.stringContaining('content') });
    const relabelled = viewFields.map((f) => (f.dbFieldName === 'content' ? { ...f, dbFieldTxt: '内容', isShowList: '0' } : f));
    expect((await apiCall(t.app, admin, 'PUT', '/online/cgform/api/editAll', body({ id: view.body.result, tableName: 'demo_memo$1', tableTxt: '便签视图' }, relabelled))).body.success).toBe(true);
    expect((await apiCall(t.app, admin, 'POST', `/online/cgform/api/doDbSynch/${view.body.result}/normal`)).body).toMatchObject({ success: false, message: expect.stringContaining('复制视图') });
    const copied = await apiCall(t.app, admin, 'GET', `/online/cgform/head/copyOnlineTable/${headId}?tableName=demo_memo2`);
    expect(copied.body.success).toBe(true);
    expect(await fieldsOf(copied.body.result)).toHaveLength(fields.length);
    expect((await headOf('demo_memo2')).isDbSynch).toBe('N');

    expect((await apiCall(t.app, designer, 'DELETE', `/online/cgform/head/delete?id=${headId}`)).body.success).toBe(true);
    expect(await rowsOf('demo_memo')).toHaveLength(0);
    expect(await rowsOf('demo_memo$1')).toHaveLength(0);
    expect(await t.db.selectFrom('onlCgformHead').select('id').where('physicId', '=', headId).execute()).toEqual([]);
  });
});
