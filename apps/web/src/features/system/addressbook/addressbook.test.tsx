import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { grantButtons, renderWithProviders } from '../../../components/tree/testing';
import { envelope, startApiServer, type ApiServer } from '../../../lib/testing/apiServer';
import AddressBookPage from './AddressBook.page';

// Whole pages in jsdom take seconds per interaction on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
  api.handle('GET', '/sys/sysDepart/queryTreeList', () => ({
    body: envelope([{ key: 'd1', id: 'd1', title: '安学总部', isLeaf: false, children: [{ key: 'd2', id: 'd2', title: '教务处', isLeaf: true }] }]),
  }));
  api.handle('GET', '/sys/addressbook/list', (req) => {
    const all = [
      { id: 'u1', realname: '张老师', workNo: 'T001', departName: '教务处', post_dictText: '教师', phone: '13800000001', email: 'z@example.com' },
      { id: 'u2', realname: '李主任', workNo: 'T002', departName: '安学总部', post_dictText: '主任' },
    ];
    const dep = req.query.get('departId');
    const name = req.query.get('realname') ?? '';
    const rows = all.filter((u) => (!dep || dep === 'd1' || u.departName === '教务处') && u.realname.includes(name));
    return { body: envelope({ records: rows, total: rows.length, size: 10, current: 1, pages: 1 }) };
  });
});
afterAll(() => api.close());

describe('通讯录', () => {
  it('lists the people of the chosen department and searches them by name', async () => {
    const user = userEvent.setup({ delay: null });
    act(() => grantButtons(['system:addressbook:list']));
    renderWithProviders(<AddressBookPage />);
    expect(await screen.findByText('李主任')).toBeInTheDocument();
    await user.click(await screen.findByText('教务处', { selector: '.ant-tree-title' }));
    await waitFor(() => expect(screen.queryByText('李主任')).not.toBeInTheDocument());
    expect(await screen.findByText('张老师')).toBeInTheDocument();
    expect(screen.getByText('13800000001')).toBeInTheDocument();
    expect(api.seen.filter((s) => s.path === '/sys/addressbook/list').at(-1)!.query.get('departId')).toBe('d2');
    await user.type(screen.getByPlaceholderText('请输入姓名'), '王{enter}');
    await waitFor(() => expect(screen.queryByText('张老师')).not.toBeInTheDocument());
    const last = api.seen.filter((s) => s.path === '/sys/addressbook/list').at(-1)!;
    expect(last.query.get('realname')).toBe('王');
    expect(last.query.get('departId')).toBe('d2');
  });
});
