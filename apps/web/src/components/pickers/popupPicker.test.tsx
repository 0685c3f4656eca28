import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { destroyNotices } from '../../lib/notices';
import { envelope, useApiServer } from '../../lib/testing/apiServer';
import { grantButtons, renderWithProviders } from '../tree/testing';
import { MESSAGES } from './constants';
import { popupCache } from './popupApi';
import { PopupPicker, type PopupPickerProps } from './PopupPicker';
import { button, choose, dialog, lastCall, okOf, cancelOf, pageSizeOptions, rowPicker } from './testing';

vi.setConfig({ testTimeout: 60_000 });
const api = useApiServer();

const ID = 'rp0001';
const BASE = '/online/cgreport/api';
const ROWS = [
  { username: 'zhangsan', realname: '张三', sex: 1 },
  { username: 'lisi', realname: '李四', sex: 2 },
  { username: 'wangwu', realname: '王五', sex: '1,2' },
];

function serveReport() {
  api.handle('GET', `${BASE}/getRpColumns/report_user`, () => ({
    body: envelope({
      cgRpConfigId: ID,
      cgRpConfigName: '用户',
      columns: [
        { dataIndex: 'username', title: '用户账号' },
        { dataIndex: 'realname', title: '用户姓名' },
        { dataIndex: 'sex', title: '性别', customRender: 'sex' },
      ],
      dictOptions: { sex: [{ value: '1', text: '男' }, { value: '2', text: '女' }] },
    }),
  }));
  api.handle('GET', `${BASE}/getQueryInfo/${ID}`, () => ({
    body: envelope([
      { field: 'username', label: '用户账号', mode: 'single', type: 'string' },
      { field: 'realname', label: '用户姓名', mode: 'single', type: 'string' },
      { field: 'sex', label: '性别', mode: 'single', type: 'int', dictCode: 'sex', hidden: '1' },
    ]),
  }));
  api.handle('GET', `${BASE}/getData/${ID}`, (req) => {
    const u = req.query.get('username');
    const rows = u ? ROWS.filter((r) => `*${r.username}*`.includes(u.replaceAll('*', ''))) : ROWS;
    return { body: envelope({ records: rows, total: rows.length }) };
  });
}

let selected: Array<[Record<string, string>, unknown[]]> = [];
let form: ReturnType<typeof Form.useForm>[0] | undefined;
function Harness(props: Partial<PopupPickerProps>) {
  const [f] = Form.useForm();
  form = f;
  return (
    <Form form={f}>
      <Form.Item label="弹窗选择" name="popupUser">
        <PopupPicker code="report_user" orgFields="username,realname" destFields="popupUser,popupName" onPopupSelect={(v, rows) => selected.push([v, rows])} {...props} />
      </Form.Item>
      <Form.Item label="姓名" name="popupName">
        <Input aria-label="姓名" />
      </Form.Item>
    </Form>
  );
}

const control = () => screen.getByPlaceholderText('请选择') as HTMLInputElement;
const calls = () => api.seen.filter((s) => s.path.startsWith(BASE)).map((s) => s.path.replace(BASE, ''));

beforeEach(() => {
  grantButtons(['online:report:report_user']);
  serveReport();
});
afterEach(async () => {
  selected = [];
  popupCache.clear();
  popupCache.now = () => Date.now();
  await destroyNotices();
});

async function openPopup(props: Partial<PopupPickerProps> = {}) {
  renderWithProviders(<Harness {...props} />);
  fireEvent.click(control());
  const modal = await waitFor(() => dialog('用户'));
  await within(modal).findByText('李四');
  return modal;
}

describe('PopupPicker without the report permission', () => {
  it('keeps its value, does not open and asks the server nothing', async () => {
    grantButtons(['online:report:report_depart']);
    renderWithProviders(<Harness />);
    expect(control()).toBeDisabled();
    fireEvent.click(control());
    await new Promise((r) => setTimeout(r, 100));
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(calls()).toEqual([]);
  });
});

describe('PopupPicker configuration', () => {
  it.each([
    [{ code: '' }, MESSAGES.popupBadConfig],
    [{ orgFields: '' }, MESSAGES.popupBadConfig],
    [{ destFields: '' }, MESSAGES.popupBadConfig],
    [{ orgFields: 'username,realname,sex' }, MESSAGES.popupCountMismatch],
  ])('refuses %o with its message and opens nothing', async (props, text) => {
    renderWithProviders(<Harness {...props} />);
    fireEvent.click(control());
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(calls()).toEqual([]);
  });

  it('warns about a sorter not shaped column=asc|desc and opens unsorted', async () => {
    const modal = await openPopup({ sorter: 'username asc' });
    expect(screen.getByText(MESSAGES.popupBadSorter)).toBeInTheDocument();
    expect(modal).toBeInTheDocument();
    expect((await lastCall(api, `${BASE}/getData/${ID}`)).query.has('column')).toBe(false);
  });
});

describe('PopupPicker loading', () => {
  it('loads columns, then query info, then data: 1200 wide, 10 a page, sorted and with self_ parameters', async () => {
    const modal = await openPopup({ sorter: 'username=desc', param: { orgCode: 'A01' } });
    expect(calls()).toEqual(['/getRpColumns/report_user', `/getQueryInfo/${ID}`, `/getData/${ID}`]);
    expect(modal.style.width).toBe('1200px');
    const data = await lastCall(api, `${BASE}/getData/${ID}`);
    expect(Object.fromEntries(data.query)).toMatchObject({ pageNo: '1', pageSize: '10', column: 'username', order: 'desc', self_orgCode: 'A01' });
    // dictionary columns show texts, several values comma-joined
    const wang = within(modal).getByText('王五').closest('tr') as HTMLElement;
    expect(within(wang).getByText('男,女')).toBeInTheDocument();
    expect(within(within(modal).getByText('李四').closest('tr') as HTMLElement).getByText('女')).toBeInTheDocument();
    expect(await pageSizeOptions(modal)).toEqual(['10 条/页', '20 条/页', '30 条/页']);
  });

  it('queries by the report query fields; hidden ones appear when expanded', async () => {
    const modal = await openPopup();
    const queryForm = modal.querySelector('form') as HTMLElement;
    expect(queryForm.querySelector('[aria-label="性别"]')).toBeNull();
    fireEvent.change(within(queryForm).getByLabelText('用户账号'), { target: { value: 'li' } });
    fireEvent.click(button(modal, '展开'));
    await waitFor(() => expect(queryForm.querySelector('[aria-label="性别"]')).not.toBeNull());
    await choose(queryForm, '性别', '女');
    fireEvent.click(button(modal, '查询'));
    const q = await lastCall(api, `${BASE}/getData/${ID}`, (s) => s.query.has('username'));
    expect(q.query.get('username')).toBe('*li*');
    expect(q.query.get('sex')).toBe('2');
    expect(q.query.get('pageNo')).toBe('1');
    await waitFor(() => expect(within(modal).queryByText('张三')).not.toBeInTheDocument());
  });

  it('keeps each answer 30 s per report', async () => {
    let now = 1_000_000;
    popupCache.now = () => now;
    const modal = await openPopup();
    fireEvent.click(cancelOf(modal));
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')).toBeNull());
    now += 29_000;
    fireEvent.click(control());
    await within(await waitFor(() => dialog('用户'))).findByText('李四');
    expect(calls().filter((c) => c.startsWith('/getRpColumns'))).toHaveLength(1);
    expect(calls().filter((c) => c.startsWith('/getData'))).toHaveLength(1);
    fireEvent.click(cancelOf(dialog('用户')));
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')).toBeNull());
    now += 2_000;
    api.seen.length = 0;
    fireEvent.click(control());
    await within(await waitFor(() => dialog('用户'))).findByText('李四');
    // expired: asked again, in order
    await waitFor(() => expect(calls()).toEqual(['/getRpColumns/report_user', `/getQueryInfo/${ID}`, `/getData/${ID}`]));
  });

  it('on an init failure shows 出错了 with the server message; closing it closes the popup', async () => {
    api.handle('GET', `${BASE}/getRpColumns/report_user`, () => ({ status: 400, body: envelope(null, '报表不存在或已被删除', 500) }));
    renderWithProviders(<Harness />);
    fireEvent.click(control());
    const title = await screen.findByText('出错了', { selector: '.ant-modal-confirm-title' });
    expect(screen.getByText(`${MESSAGES.popupInitFailed}报表不存在或已被删除`)).toBeInTheDocument();
    const errorBox = title.closest('.ant-modal') as HTMLElement;
    fireEvent.click(button(errorBox, '知道了'));
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')).toBeNull());
    expect(calls()).toEqual(['/getRpColumns/report_user']);
  });

  it('shows a query-info failure as a warning and still lists the data', async () => {
    api.handle('GET', `${BASE}/getQueryInfo/${ID}`, () => ({ status: 400, body: envelope(null, '查询条件加载失败', 500) }));
    const modal = await openPopup();
    expect(await screen.findByText('查询条件加载失败')).toBeInTheDocument();
    expect(modal.querySelector('form')).toBeNull();
  });
});

describe('PopupPicker selection', () => {
  it('warns 请选择一条记录 when submitting nothing', async () => {
    const modal = await openPopup();
    fireEvent.click(okOf(modal));
    expect(await screen.findByText(MESSAGES.popupSelectOne)).toBeInTheDocument();
    expect(dialog('用户')).toBeInTheDocument();
    expect(selected).toEqual([]);
  });

  it('single select keeps the newest pick; submit fills the target fields and closes', async () => {
    const modal = await openPopup();
    expect(modal.querySelector('thead input[type="checkbox"]')).toBeNull();
    fireEvent.click(rowPicker(modal, '张三'));
    fireEvent.click(rowPicker(modal, '李四'));
    await waitFor(() => expect((rowPicker(modal, '张三') as HTMLInputElement).checked).toBe(false));
    expect((rowPicker(modal, '李四') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(okOf(modal));
    await waitFor(() => expect(selected).toHaveLength(1));
    expect(selected[0][0]).toEqual({ popupUser: 'lisi', popupName: '李四' });
    await waitFor(() => expect(control().value).toBe('lisi'));
    expect(form!.getFieldsValue()).toEqual({ popupUser: 'lisi', popupName: '李四' });
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')).toBeNull());
  });

  it('multi select joins every target field with commas', async () => {
    const modal = await openPopup({ multi: true });
    fireEvent.click(within(modal).getByText('张三'));
    fireEvent.click(within(modal).getByText('王五'));
    fireEvent.click(okOf(modal));
    await waitFor(() => expect(selected).toHaveLength(1));
    expect(selected[0][0]).toEqual({ popupUser: 'zhangsan,wangwu', popupName: '张三,王五' });
    expect(form!.getFieldValue('popupName')).toBe('张三,王五');
  });

  it('cancel clears the selection', async () => {
    const modal = await openPopup();
    fireEvent.click(rowPicker(modal, '张三'));
    fireEvent.click(cancelOf(modal));
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')).toBeNull());
    fireEvent.click(control());
    const again = await waitFor(() => dialog('用户'));
    await within(again).findByText('张三');
    expect((rowPicker(again, '张三') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(okOf(again));
    expect(await screen.findByText(MESSAGES.popupSelectOne)).toBeInTheDocument();
    expect(selected).toEqual([]);
  });
});
