// Online表单开发 and the generated pages against the real server: a five-field form built in the designer,
// synced, then used on its own page (two rows added, one edited, a query); a destructive change asked
// about before it is confirmed; a one-to-many form saving its sub rows; a tree opening a node.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ADD_SETTINGS_KEY } from '../../../components/editable-grid';
import { button, dialog, okOf } from '../../../components/pickers/testing';
import { renderWithProviders } from '../../../components/tree/testing';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import CgformListPage from './CgformList.page';
import OnlineAutoListPage from './OnlineAutoList.page';
import { DESIGNER_CODES, defineSyncedForm, formField } from './testing';

// generous: these pages load a form's description and its rows from the real server, slow on a loaded machine
configure({ asyncUtilTimeout: 30_000 });
const api = useRealApi();
afterEach(() => localStorage.removeItem(ADD_SETTINGS_KEY));
const formCodes = (table: string) => ['list', 'add', 'edit', 'delete', 'export', 'import'].map((a) => `online:form:${table}:${a}`);

const row = (text: string) => screen.getAllByText(text).map((e) => e.closest('tr')).find(Boolean) as HTMLElement;
const field = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'label' }).closest('.ant-form-item')!.querySelector('input, textarea') as HTMLInputElement;
const type = (scope: HTMLElement, label: string, value: string) => fireEvent.change(field(scope, label), { target: { value } });
// a generated form's OK stays disabled while it settles its defaults: a click before then does nothing
const readyForm = (title: string) =>
  waitFor(() => {
    const form = dialog(title);
    expect(okOf(form)).toBeEnabled();
    return form;
  });

async function openMenuItem(host: HTMLElement, label: string) {
  fireEvent.click(within(host).getByText('更多'));
  const item = await waitFor(() => {
    // the newest menu: another row's menu may still be closing (slowly, on a loaded machine) and hold the same item
    const hit = [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')].reverse().find((e) => e.textContent === label);
    if (!hit) throw new Error(`no ${label}`);
    return hit as HTMLElement;
  });
  fireEvent.click(item);
}

function openGenerated(id: string, tree = false) {
  renderWithProviders(
    <MemoryRouter initialEntries={[`/online/${tree ? 'cgformTreeList' : 'cgformList'}/${id}`]}>
      <OnlineAutoListPage />
    </MemoryRouter>,
  );
}

describe('Online表单开发 and generated pages (real server)', () => {
  it('builds a five-field form in the designer, syncs it, and adds, edits and finds rows on its page', async () => {
    api.signIn(DESIGNER_CODES);
    localStorage.setItem(ADD_SETTINGS_KEY, JSON.stringify({ count: 5, position: 0 }));
    const view = renderWithProviders(
      <MemoryRouter>
        <CgformListPage />
      </MemoryRouter>,
    );
    fireEvent.click(button(await screen.findByText('新增').then((e) => e.closest('.ant-card') as HTMLElement), '新增'));
    const editor = await waitFor(() => dialog('新增'));
    type(editor, '表名', 'demo_book');
    type(editor, '表描述', '图书');
    // the standard fields are there; five more at once
    await waitFor(() => expect(within(editor).getAllByLabelText('字段名称')).toHaveLength(6));
    fireEvent.click(button(within(editor).getByRole('toolbar'), '新增'));
    const names = await waitFor(() => {
      const inputs = within(editor).getAllByLabelText('字段名称') as HTMLInputElement[];
      expect(inputs).toHaveLength(11);
      return inputs.slice(6);
    });
    const texts = (within(editor).getAllByLabelText('字段备注') as HTMLInputElement[]).slice(6);
    const defs = [
      ['title', '书名'],
      ['author', '作者'],
      ['isbn', '书号'],
      ['press', '出版社'],
      ['remark', '备注'],
    ];
    defs.forEach(([n, t], i) => {
      fireEvent.change(names[i], { target: { value: n } });
      fireEvent.change(texts[i], { target: { value: t } });
    });
    // 页面属性: 书名 is a query field
    fireEvent.click(within(editor).getByRole('tab', { name: '页面属性' }));
    const titleRow = await waitFor(() => within(editor).getByText('title').closest('[role="row"]') as HTMLElement);
    fireEvent.click(titleRow.querySelector('[data-key="isQuery"] input')!);
    fireEvent.click(okOf(editor));
    const added = await waitFor(() => row('demo_book'));
    expect(within(added).getByText('未同步')).toBeInTheDocument();
    const saved = api.seen.find((s) => s.path === '/online/cgform/api/addAll')?.body as { fields: { dbFieldName: string; isQuery?: string }[] };
    expect(saved.fields.map((f) => f.dbFieldName)).toEqual(['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code', 'title', 'author', 'isbn', 'press', 'remark']);
    expect(saved.fields.find((f) => f.dbFieldName === 'title')?.isQuery).toBe('1');

    await openMenuItem(added, '同步数据库');
    const sync = await waitFor(() => dialog('同步数据库'));
    fireEvent.click(button(sync, '开始同步'));
    await waitFor(() => expect(within(row('demo_book')).getByText('已同步')).toBeInTheDocument());
    const headId = (await api.call('GET', '/online/cgform/head/list?tableName=demo_book')).result.records[0].id as string;
    view.unmount();

    // the generated page
    api.signIn(formCodes('demo_book'));
    openGenerated(headId);
    const card = await screen.findByText('新增').then((e) => e.closest('.ant-card') as HTMLElement);
    for (const [title, author] of [
      ['三体', '刘慈欣'],
      ['活着', '余华'],
    ]) {
      fireEvent.click(button(card, '新增'));
      const form = await readyForm('图书 新增');
      type(form, '书名', title);
      type(form, '作者', author);
      fireEvent.click(okOf(form));
      await waitFor(() => expect(row(title)).toBeTruthy());
    }
    fireEvent.click(within(row('活着')).getByText('编辑'));
    const edit = await waitFor(() => dialog('图书 编辑'));
    await waitFor(() => expect(field(edit, '书名').value).toBe('活着'));
    type(edit, '出版社', '作家出版社');
    await waitFor(() => expect(okOf(edit)).toBeEnabled());
    fireEvent.click(okOf(edit));
    await waitFor(() => expect(screen.queryByText('图书 编辑')).not.toBeInTheDocument());
    await waitFor(async () => {
      const saved = await api.call('GET', `/online/cgform/api/getData/${headId}?pageSize=10`);
      expect(saved.result.records.find((r: { title: string }) => r.title === '活着')?.press).toBe('作家出版社');
    });
    await waitFor(() => expect(within(row('活着')).getByText('作家出版社')).toBeInTheDocument());

    // query by 书名 (a text field: a like search)
    type(card, '书名', '三');
    fireEvent.click(button(card, '查询'));
    await waitFor(() => expect(screen.queryByText('活着')).not.toBeInTheDocument());
    expect(row('三体')).toBeTruthy();
    const stored = await api.call('GET', '/online/cgform/api/getData/' + headId + '?pageSize=10');
    expect(stored.result.records.map((r: { title: string }) => r.title).sort()).toEqual(['三体', '活着']);
  }, 120_000);

  it('edits a form in the designer (a field removed), then asks before the sync that would lose data and syncs with confirm=1 once confirmed', async () => {
    const headId = await defineSyncedForm(api, { tableName: 'demo_loss', tableTxt: '丢失测试', tableType: 1 }, [formField('id', '主键'), formField('name', '名称'), formField('note', '备注')]);
    expect((await api.call('POST', `/online/cgform/api/form/${headId}?tabletype=1`, { name: '甲', note: '会丢' })).success).toBe(true);
    api.signIn(DESIGNER_CODES);
    renderWithProviders(
      <MemoryRouter>
        <CgformListPage />
      </MemoryRouter>,
    );
    // 编辑: the stored fields load; 备注 is removed in 数据库属性
    fireEvent.click(within(await waitFor(() => row('demo_loss'))).getByText('编辑'));
    const editor = await waitFor(() => dialog('编辑'));
    const noteInput = await waitFor(() => (within(editor).getAllByLabelText('字段名称') as HTMLInputElement[]).find((i) => i.value === 'note')!);
    fireEvent.click(within(noteInput.closest('[role="row"]') as HTMLElement).getByLabelText(/^选择第\d+行$/));
    fireEvent.click(button(within(editor).getByRole('toolbar'), '删除'));
    await waitFor(() => expect((within(editor).getAllByLabelText('字段名称') as HTMLInputElement[]).map((i) => i.value)).toEqual(['id', 'name']));
    fireEvent.click(okOf(editor));
    await waitFor(() => expect(within(row('demo_loss')).getByText('未同步')).toBeInTheDocument());
    const body = api.seen.find((x) => x.path === '/online/cgform/api/editAll')?.body as { fields: { id?: string; dbFieldName: string }[]; deleteFieldIds: string[] };
    expect(body.fields.map((f) => f.dbFieldName)).toEqual(['id', 'name']);
    expect(body.fields.every((f) => !!f.id)).toBe(true);
    expect(body.deleteFieldIds).toHaveLength(1);

    await openMenuItem(await waitFor(() => row('demo_loss')), '同步数据库');
    fireEvent.click(button(await waitFor(() => dialog('同步数据库')), '开始同步'));
    const confirm = (await screen.findAllByText('同步会丢失数据')).map((e) => e.closest('.ant-modal')).find(Boolean) as HTMLElement;
    expect(within(confirm).getByText(/note/)).toBeInTheDocument();
    expect(within(row('demo_loss')).getByText('未同步')).toBeInTheDocument();
    fireEvent.click(button(confirm, '确认同步'));
    await waitFor(() => expect(within(row('demo_loss')).getByText('已同步')).toBeInTheDocument());
    expect(api.seen.filter((s) => s.path === `/online/cgform/api/doDbSynch/${headId}/normal`)).toHaveLength(2);
    const after = (await api.call('GET', `/online/cgform/api/getData/${headId}`)).result.records[0];
    expect(after.name).toBe('甲');
    expect(after).not.toHaveProperty('note');
  }, 60_000);

  it('saves a one-to-many form with its sub rows from the grid in the dialog', async () => {
    const mainId = await defineSyncedForm(api, { tableName: 'demo_po', tableTxt: '订单', tableType: 2 }, [formField('id', '主键'), formField('order_no', '订单号')]);
    await defineSyncedForm(api, { tableName: 'demo_po_item', tableTxt: '订单明细', tableType: 3, relationType: 0, tabOrderNum: 1 }, [
      formField('id', '主键'),
      formField('order_id', '订单', { mainTable: 'demo_po', mainField: 'id', isShowForm: '0', isShowList: '0' }),
      formField('item_name', '商品名'),
    ]);
    api.signIn(formCodes('demo_po'));
    localStorage.setItem(ADD_SETTINGS_KEY, JSON.stringify({ count: 2, position: 0 }));
    openGenerated(mainId);
    fireEvent.click(button(await screen.findByText('新增').then((e) => e.closest('.ant-card') as HTMLElement), '新增'));
    const form = await readyForm('订单 新增');
    type(form, '订单号', 'NO-001');
    const toolbar = await waitFor(() => within(form).getByRole('toolbar'));
    fireEvent.click(button(toolbar, '新增'));
    const cells = await waitFor(() => {
      const found = within(form).getAllByLabelText('商品名') as HTMLInputElement[];
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    // two rows added, one filled: the blank one is not saved
    expect(cells).toHaveLength(2);
    fireEvent.change(cells[0], { target: { value: '钢笔' } });
    fireEvent.click(okOf(form));
    await waitFor(() => expect(row('NO-001')).toBeTruthy());
    const dataId = (await api.call('GET', `/online/cgform/api/getData/${mainId}`)).result.records[0].id;
    const full = (await api.call('GET', `/online/cgform/api/form/${mainId}/${dataId}`)).result;
    expect(full.demo_po_item).toHaveLength(1);
    expect(full.demo_po_item[0]).toMatchObject({ item_name: '钢笔', order_id: dataId });
  }, 60_000);

  it('lists a tree form by its roots and loads a node’s children when it is opened, with only the buttons the user holds', async () => {
    const headId = await defineSyncedForm(api,
      { tableName: 'demo_area', tableTxt: '区域', tableType: 1, isTree: 'Y', treeParentIdField: 'pid', treeIdField: 'has_child', treeFieldname: 'name' },
      [formField('id', '主键'), formField('name', '名称'), formField('pid', '父级节点', { isShowList: '0' }), formField('has_child', '是否有子节点', { isShowForm: '0', isShowList: '0', dbLength: 3 })],
    );
    expect((await api.call('POST', `/online/cgform/api/form/${headId}?tabletype=1`, { name: '华东' })).success).toBe(true);
    const root = (await api.call('GET', `/online/cgform/api/getData/${headId}`)).result.records[0];
    expect((await api.call('POST', `/online/cgform/api/form/${headId}?tabletype=1`, { name: '上海', pid: root.id })).success).toBe(true);
    // a user holding only the list right sees rows and 详情, not 新增, 编辑, 删除 or 添加下级
    api.signIn(['online:form:demo_area:list']);
    openGenerated(headId, true);
    const parent = await waitFor(() => row('华东'));
    expect(within(parent).getByText('详情')).toBeInTheDocument();
    expect(within(parent).queryByText('编辑')).not.toBeInTheDocument();
    expect(within(parent).queryByText('添加下级')).not.toBeInTheDocument();
    expect(within(parent).queryByText('删除')).not.toBeInTheDocument();
    expect(screen.queryByText('新增')).not.toBeInTheDocument();
    expect(screen.queryByText('上海')).not.toBeInTheDocument();
    fireEvent.click(parent.querySelector('.ant-table-row-expand-icon')!);
    await waitFor(() => expect(row('上海')).toBeTruthy());
    expect(api.seen.some((s) => s.path === `/online/cgform/api/getTreeData/${headId}`)).toBe(true);
  }, 60_000);

  it('picks a tree row’s parent from the form’s own tree (getTreeData: roots, then a node’s children)', async () => {
    const headId = await defineSyncedForm(api,
      { tableName: 'demo_region', tableTxt: '地区', tableType: 1, isTree: 'Y', treeParentIdField: 'pid', treeIdField: 'has_child', treeFieldname: 'name' },
      [formField('id', '主键'), formField('name', '名称'), formField('pid', '父级节点', { isShowList: '0' }), formField('has_child', '是否有子节点', { isShowForm: '0', isShowList: '0', dbLength: 3 })],
    );
    expect((await api.call('POST', `/online/cgform/api/form/${headId}?tabletype=1`, { name: '华北' })).success).toBe(true);
    const root = (await api.call('GET', `/online/cgform/api/getData/${headId}`)).result.records[0];
    expect((await api.call('POST', `/online/cgform/api/form/${headId}?tabletype=1`, { name: '北京', pid: root.id })).success).toBe(true);
    api.signIn(formCodes('demo_region'));
    openGenerated(headId, true);
    fireEvent.click(button(await screen.findByText('新增').then((e) => e.closest('.ant-card') as HTMLElement), '新增'));
    const form = await readyForm('地区 新增');
    type(form, '名称', '朝阳');
    const picker = within(form).getByText('父级节点', { selector: 'label' }).closest('.ant-form-item')!;
    fireEvent.mouseDown(picker.querySelector('.ant-select-selector')!);
    // the roots, then 华北's children when it opens
    const treeNode = (text: string) => {
      const hit = [...document.querySelectorAll('.ant-select-tree-treenode')].find((n) => n.querySelector('.ant-select-tree-title')?.textContent === text);
      if (!hit) throw new Error(`no tree node ${text}`);
      return hit as HTMLElement;
    };
    const rootNode = await waitFor(() => treeNode('华北'));
    expect([...document.querySelectorAll('.ant-select-tree-title')].some((t) => t.textContent === '北京')).toBe(false);
    fireEvent.click(rootNode.querySelector('.ant-select-tree-switcher')!);
    const child = await waitFor(() => treeNode('北京'));
    fireEvent.click(child.querySelector('.ant-select-tree-title')!);
    await waitFor(() => expect(picker.querySelector('.ant-select-selection-item')?.textContent).toBe('北京'));
    fireEvent.click(okOf(form));
    await waitFor(() => expect(screen.queryByText('地区 新增')).not.toBeInTheDocument());
    const beijing = (await api.call('GET', `/online/cgform/api/getData/${headId}?name=北京`)).result.records[0];
    const added = (await api.call('GET', `/online/cgform/api/getData/${headId}?name=朝阳`)).result.records[0];
    expect(added.pid).toBe(beijing.id);
    expect(api.seen.filter((s) => s.path === `/online/cgform/api/getTreeData/${headId}` || s.path === '/online/cgform/api/getTreeData/demo_region').length).toBeGreaterThanOrEqual(2);
    expect(api.seen.some((s) => s.path === '/sys/dict/loadTreeData')).toBe(false);
  }, 60_000);

  it('links a record of another form (关联记录) searched through that form’s data API, and shows its text when editing', async () => {
    const supplierId = await defineSyncedForm(api, { tableName: 'demo_supplier', tableTxt: '供应商', tableType: 1 }, [formField('id', '主键'), formField('name', '名称'), formField('city', '城市')]);
    for (const [name, city] of [
      ['远航贸易', '上海'],
      ['博达物流', '杭州'],
    ]) {
      expect((await api.call('POST', `/online/cgform/api/form/${supplierId}?tabletype=1`, { name, city })).success).toBe(true);
    }
    const purchaseId = await defineSyncedForm(api, { tableName: 'demo_purchase', tableTxt: '采购单', tableType: 1 }, [
      formField('id', '主键'),
      formField('title', '标题'),
      formField('supplier', '供应商', { fieldShowType: 'link_table', dictTable: 'demo_supplier', dictField: 'id', dictText: 'name,city' }),
    ]);
    api.signIn([...formCodes('demo_purchase'), 'online:form:demo_supplier:list']);
    openGenerated(purchaseId);
    const card = await screen.findByText('新增').then((e) => e.closest('.ant-card') as HTMLElement);
    fireEvent.click(button(card, '新增'));
    const form = await readyForm('采购单 新增');
    type(form, '标题', '纸箱');
    const select = within(form).getByText('供应商', { selector: 'label' }).closest('.ant-form-item')!;
    fireEvent.change(select.querySelector('input')!, { target: { value: '博达' } });
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].filter((o) => o.textContent?.trim());
      expect(found.map((o) => o.textContent)).toEqual(['博达物流']);
      return found[0] as HTMLElement;
    });
    fireEvent.click(option);
    fireEvent.click(okOf(form));
    await waitFor(() => expect(row('纸箱')).toBeTruthy());
    const bo = (await api.call('GET', `/online/cgform/api/getData/${supplierId}?name=博达物流`)).result.records[0];
    const saved = (await api.call('GET', `/online/cgform/api/getData/${purchaseId}`)).result.records[0];
    expect(saved.supplier).toBe(bo.id);
    expect(api.seen.some((s) => s.path === '/online/cgform/api/getData/demo_supplier')).toBe(true);
    expect(api.seen.some((s) => s.path.startsWith('/sys/dict/loadDict'))).toBe(false);

    // 编辑 shows the linked record's text, not its id
    fireEvent.click(within(row('纸箱')).getByText('编辑'));
    const edit = await waitFor(() => dialog('采购单 编辑'));
    const shown = within(edit).getByText('供应商', { selector: 'label' }).closest('.ant-form-item')!;
    await waitFor(() => expect(shown.querySelector('.ant-select-selection-item')?.textContent).toBe('博达物流'));
  }, 60_000);

  it('checks required and pattern fields, shows a linked field only when its field has a value, and fills defaults', async () => {
    const headId = await defineSyncedForm(api, { tableName: 'demo_contact', tableTxt: '联系人', tableType: 1 }, [
      formField('id', '主键'),
      formField('kind', '类别'),
      formField('detail', '明细', { fieldExtendJson: '{"showWhen":{"field":"kind"}}' }),
      formField('phone', '手机', { fieldValidType: 'm', fieldMustInput: '1' }),
      formField('code', '编码', { fieldDefaultValue: '固定值' }),
    ]);
    api.signIn(formCodes('demo_contact'));
    openGenerated(headId);
    fireEvent.click(button(await screen.findByText('新增').then((e) => e.closest('.ant-card') as HTMLElement), '新增'));
    const form = await readyForm('联系人 新增');
    await waitFor(() => expect(field(form, '编码').value).toBe('固定值'));
    expect(within(form).queryByText('明细', { selector: 'label' })).not.toBeInTheDocument();
    type(form, '类别', '供应商');
    await waitFor(() => expect(within(form).getByText('明细', { selector: 'label' })).toBeInTheDocument());
    fireEvent.click(okOf(form));
    expect(await within(form).findByText('请输入手机!')).toBeInTheDocument();
    type(form, '手机', '123');
    expect(await within(form).findByText('请输入正确的手机号码')).toBeInTheDocument();
    type(form, '手机', '13800138000');
    type(form, '明细', '长期合作');
    fireEvent.click(okOf(form));
    await waitFor(() => expect(row('13800138000')).toBeTruthy());
    const saved = (await api.call('GET', `/online/cgform/api/getData/${headId}`)).result.records[0];
    expect(saved).toMatchObject({ kind: '供应商', detail: '长期合作', phone: '13800138000', code: '固定值' });
  }, 60_000);

  it('exports the list to Excel and imports the file back', async () => {
    const headId = await defineSyncedForm(api, { tableName: 'demo_fruit', tableTxt: '水果', tableType: 1 }, [formField('id', '主键'), formField('name', '名称'), formField('color', '颜色')]);
    for (const [name, color] of [
      ['苹果', '红'],
      ['香蕉', '黄'],
    ]) {
      expect((await api.call('POST', `/online/cgform/api/form/${headId}?tabletype=1`, { name, color })).success).toBe(true);
    }
    const blobs: Blob[] = [];
    URL.createObjectURL = (b: Blob | MediaSource) => {
      blobs.push(b as Blob);
      return 'blob:x';
    };
    URL.revokeObjectURL = () => undefined;
    HTMLAnchorElement.prototype.click = () => undefined; // the download link: nothing to navigate to in jsdom
    api.signIn(formCodes('demo_fruit'));
    openGenerated(headId);
    const card = await screen.findByText('新增').then((e) => e.closest('.ant-card') as HTMLElement);
    await waitFor(() => expect(row('香蕉')).toBeTruthy());
    fireEvent.click(button(card, '导出'));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(blobs[0].size).toBeGreaterThan(0);

    // the rows go, then come back from the exported file (read as bytes: jsdom cannot send its own Blob)
    const ids = (await api.call('GET', `/online/cgform/api/getData/${headId}`)).result.records.map((r: { id: string }) => r.id);
    expect((await api.call('DELETE', `/online/cgform/api/form/${headId}/${ids.join(',')}`)).success).toBe(true);
    expect((await api.call('GET', `/online/cgform/api/getData/${headId}`)).result.records).toHaveLength(0);
    fireEvent.click(button(card, '导入'));
    const input = await waitFor(() => document.querySelector('input[type=file]') as HTMLInputElement);
    const bytes = await new Promise<Uint8Array<ArrayBuffer>>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(blobs[0]);
    });
    expect(String.fromCharCode(bytes[0], bytes[1])).toBe('PK'); // an xlsx (zip) file
    fireEvent.change(input, { target: { files: [new File([bytes], '水果.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })] } });
    fireEvent.click((await screen.findByText(/开始上传/)).closest('button')!);
    await waitFor(() => expect(api.seen.some((x) => x.path === `/online/cgform/api/importXls/${headId}`)).toBe(true));
    await waitFor(() => expect(api.seen.filter((x) => x.path === `/online/cgform/api/getData/${headId}`).length).toBeGreaterThan(1));
    expect(await screen.findByText('文件导入完成，共2行，成功2行，失败0行')).toBeInTheDocument();
    const back = (await api.call('GET', `/online/cgform/api/getData/${headId}`)).result.records.map((r: { name: string; color: string }) => `${r.name}${r.color}`);
    expect(back.sort()).toEqual(['苹果红', '香蕉黄'].sort());
  }, 60_000);

  it('copies a form’s table under a new name and removes the copy’s configuration', async () => {
    await defineSyncedForm(api, { tableName: 'demo_copy', tableTxt: '复制源', tableType: 1 }, [formField('id', '主键'), formField('name', '名称')]);
    api.signIn(DESIGNER_CODES);
    renderWithProviders(
      <MemoryRouter>
        <CgformListPage />
      </MemoryRouter>,
    );
    await openMenuItem(await waitFor(() => row('demo_copy')), '复制表');
    const ask = await waitFor(() => {
      const modal = screen.getAllByText('复制表').map((e) => e.closest('.ant-modal')).find(Boolean);
      if (!modal) throw new Error('no 复制表 dialog');
      return modal as HTMLElement;
    });
    expect((within(ask).getByLabelText('新表名') as HTMLInputElement).value).toBe('demo_copy_copy');
    fireEvent.click(button(ask, '复制'));
    const copy = await waitFor(() => row('demo_copy_copy'));
    expect(within(copy).getByText('未同步')).toBeInTheDocument();

    await openMenuItem(copy, '删除');
    fireEvent.click(await waitFor(() => button(document.body, '仅移除配置')));
    await waitFor(() => expect(screen.queryByText('demo_copy_copy')).not.toBeInTheDocument());
    expect(api.seen.some((x) => x.method === 'DELETE' && x.path === '/online/cgform/head/removeRecord')).toBe(true);
    expect(row('demo_copy')).toBeTruthy();
  }, 60_000);
});
