import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { destroyNotices } from '../../lib/notices';
import { envelope, useApiServer } from '../../lib/testing/apiServer';
import { renderWithProviders } from '../tree/testing';
import { UserPicker, type UserPickerProps } from './UserPicker';
import { button, choose, DEPARTS, pageSizeOptions, dialog, lastCall, okOf, page, rowPicker, USERS } from './testing';

vi.setConfig({ testTimeout: 60_000 });
const api = useApiServer();

let changes: Array<[string, unknown[]]> = [];
function Harness({ initial = '', ...props }: Partial<UserPickerProps> & { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <UserPicker
      {...props}
      value={value}
      onChange={(v, rows) => {
        changes.push([v, rows]);
        setValue(v);
      }}
    />
  );
}

const input = () => screen.getByPlaceholderText('请选择用户') as HTMLInputElement;

beforeAll(() => {
  api.handle('GET', '/sys/sysDepart/queryTreeList', () => ({ body: envelope(DEPARTS) }));
  api.handle('GET', '/sys/user/queryUserComponentData', (req) => {
    const dep = req.query.get('departId');
    return { body: page(dep === 'd2' ? USERS.slice(1) : USERS) };
  });
  api.handle('GET', '/sys/user/getMultiUser', (req) => {
    const key = req.query.has('id') ? 'id' : 'username';
    const wanted = (req.query.get(key) ?? '').split(',');
    return { body: envelope(USERS.filter((u) => wanted.includes(String(u[key as 'id'])))) };
  });
});
afterEach(async () => {
  changes = [];
  await destroyNotices();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
});

describe('UserPicker', () => {
  it('shows the names of existing values through getMultiUser, cut at 25 characters', async () => {
    api.handle('GET', '/sys/user/getMultiUser', () => ({
      body: envelope([
        { id: 'x1', username: 'a', realname: '一二三四五六七八九十' },
        { id: 'x2', username: 'b', realname: '甲乙丙丁戊己庚辛壬癸' },
        { id: 'x3', username: 'c', realname: '子丑寅卯辰巳午未申酉' },
      ]),
    }));
    renderWithProviders(<Harness initial="a,b,c,ghost" />);
    const call = await lastCall(api, '/sys/user/getMultiUser');
    expect(call.query.get('username')).toBe('a,b,c,ghost');
    const full = '一二三四五六七八九十,甲乙丙丁戊己庚辛壬癸,子丑寅卯辰巳午未申酉,ghost';
    await waitFor(() => expect(input().value).toBe(`${full.slice(0, 25)}...`));
    expect(input().title).toBe(full);
    // restore the default lookup for the other tests
    api.handle('GET', '/sys/user/getMultiUser', (req) => {
      const key = req.query.has('id') ? 'id' : 'username';
      const wanted = (req.query.get(key) ?? '').split(',');
      return { body: envelope(USERS.filter((u) => wanted.includes(String(u[key as 'id'])))) };
    });
  });

  it('opens a 1200-wide modal listing users newest first, 10 a page with 10/20/30, narrowed by the department tree', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(input());
    const modal = await waitFor(() => dialog('选择用户'));
    expect((modal as HTMLElement).style.width).toBe('1200px');
    const first = await lastCall(api, '/sys/user/queryUserComponentData');
    expect(Object.fromEntries(first.query)).toMatchObject({ column: 'createTime', order: 'desc', pageNo: '1', pageSize: '10' });
    expect(first.query.has('departId')).toBe(false);
    expect(await within(modal).findByText('张三')).toBeInTheDocument();
    fireEvent.click(await within(modal).findByText('研发部', { selector: '.ant-tree-title' }));
    const narrowed = await lastCall(api, '/sys/user/queryUserComponentData', (s) => s.query.get('departId') === 'd2');
    expect(narrowed.query.get('pageNo')).toBe('1');
    await waitFor(() => expect(within(modal).queryByText('张三')).not.toBeInTheDocument());
    expect(await pageSizeOptions(modal)).toEqual(['10 条/页', '20 条/页', '30 条/页']);
  });

  it('queries by account (contains), sex and birthday, and 重置 clears them', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(input());
    const modal = await waitFor(() => dialog('选择用户'));
    await within(modal).findByText('张三');
    fireEvent.change(within(modal).getByPlaceholderText('请输入用户账号'), { target: { value: 'li' } });
    await choose(modal, '性别', '女');
    const birthday = within(modal).getByPlaceholderText('请选择生日');
    fireEvent.mouseDown(birthday);
    fireEvent.change(birthday, { target: { value: '1990-05-06' } });
    fireEvent.keyDown(birthday, { key: 'Enter', code: 'Enter' });
    fireEvent.click(button(modal, '查询'));
    const q = await lastCall(api, '/sys/user/queryUserComponentData', (s) => s.query.has('username'));
    expect(q.query.get('username')).toBe('*li*');
    expect(q.query.get('sex')).toBe('2');
    expect(q.query.get('birthday')).toBe('1990-05-06');
    api.seen.length = 0;
    fireEvent.click(button(modal, '重置'));
    const cleared = await lastCall(api, '/sys/user/queryUserComponentData');
    expect([...cleared.query.keys()].filter((k) => ['username', 'sex', 'birthday'].includes(k))).toEqual([]);
    expect((within(modal).getByPlaceholderText('请输入用户账号') as HTMLInputElement).value).toBe('');
  });

  it('picks several users: the value joins their usernames, the text their realnames', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(input());
    const modal = await waitFor(() => dialog('选择用户'));
    await within(modal).findByText('李四');
    fireEvent.click(rowPicker(modal, '李四'));
    fireEvent.click(rowPicker(modal, '王五'));
    fireEvent.click(okOf(modal));
    await waitFor(() => expect(changes.at(-1)?.[0]).toBe('lisi,wangwu'));
    expect((changes.at(-1)?.[1] as any[]).map((r) => r.id)).toEqual(['u2', 'u3']);
    await waitFor(() => expect(input().value).toBe('李四,王五'));
    // reopening shows them still selected
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')).toBeNull());
    fireEvent.click(input());
    const again = await waitFor(() => dialog('选择用户'));
    await within(again).findByText('李四');
    await waitFor(() => expect((rowPicker(again, '李四') as HTMLInputElement).checked).toBe(true));
    expect((rowPicker(again, '张三') as HTMLInputElement).checked).toBe(false);
  });

  it('follows fieldExtendJson: store id, show username, single select', async () => {
    renderWithProviders(<Harness initial="u1" fieldExtendJson='{"store":"id","text":"username","multiSelect":false}' />);
    const call = await lastCall(api, '/sys/user/getMultiUser');
    expect(call.query.get('id')).toBe('u1');
    await waitFor(() => expect(input().value).toBe('zhangsan'));
    fireEvent.click(input());
    const modal = await waitFor(() => dialog('选择用户'));
    await within(modal).findByText('李四');
    expect(rowPicker(modal, '李四').getAttribute('type')).toBe('radio');
    fireEvent.click(rowPicker(modal, '李四'));
    fireEvent.click(rowPicker(modal, '王五'));
    fireEvent.click(okOf(modal));
    await waitFor(() => expect(changes.at(-1)?.[0]).toBe('u3'));
    await waitFor(() => expect(input().value).toBe('wangwu'));
  });

  it('clears the value with the clear icon', async () => {
    renderWithProviders(<Harness initial="lisi" />);
    await waitFor(() => expect(input().value).toBe('李四'));
    fireEvent.click(screen.getByLabelText('清除'));
    await waitFor(() => expect(input().value).toBe(''));
    expect(changes.at(-1)?.[0]).toBe('');
  });

  it('scrolls the table sideways, 800 wide, on a viewport under 500 px', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 400 });
    renderWithProviders(<Harness />);
    fireEvent.click(input());
    const modal = await waitFor(() => dialog('选择用户'));
    await within(modal).findByText('张三');
    expect((modal.querySelector('.ant-table-content table') as HTMLElement).style.width).toBe('800px');
  });
});
