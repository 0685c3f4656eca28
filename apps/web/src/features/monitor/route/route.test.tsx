import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { button, dialog, okOf } from '../../../components/pickers/testing';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import RouteListPage from './RouteList.page';

// 路由网关 against the real server: routes written through the page, then the gateway's own answer.
configure({ asyncUtilTimeout: 10_000 });
const api = useRealApi();
const ALL_CODES = ['list', 'delete', 'updateAll', 'copyRoute', 'putRecycleBin', 'deleteRecycleBin'].map((a) => `system:gateway:${a}`);

const row = (scope: HTMLElement | Document, text: string | RegExp) => within(scope as HTMLElement).getAllByText(text).map((e) => e.closest('tr')).find(Boolean)!;
const field = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'label' }).closest('.ant-form-item')!.querySelector('input, textarea') as HTMLInputElement;
const type = (scope: HTMLElement, label: string, value: string) => fireEvent.change(field(scope, label), { target: { value } });
/** Confirms the open Popconfirm. */
const confirm = async () => fireEvent.click(button((await screen.findByText(/确定.*吗\?/, { selector: '.ant-popconfirm-title' })).closest('.ant-popover') as HTMLElement, '确定'));

function render() {
  renderWithProviders(
    <MemoryRouter>
      <RouteListPage />
    </MemoryRouter>,
  );
}

describe('路由网关 page (real server)', () => {
  it('adds a route, shows where it answers, and disables it', async () => {
    api.signIn(ALL_CODES);
    render();
    fireEvent.click(button(document.body, '新增'));
    const form = await waitFor(() => dialog('新增路由'));
    type(form, '路由ID', 'weather');
    await waitFor(() => expect(within(form).getByText(/\/gateway\/weather\/…$/)).toBeInTheDocument());
    type(form, '路由名称', '天气服务');
    type(form, '路由URI', 'ftp://10.0.0.8');
    fireEvent.click(okOf(form));
    expect(await within(form).findByText('路由URI必须是 http:// 或 https:// 开头的地址')).toBeInTheDocument();
    type(form, '路由URI', 'http://127.0.0.1:1/weather');
    type(form, '路由条件', '[{"name":"Path","args":{"_genkey_0":"/weather/**"}}]');
    fireEvent.click(okOf(form));

    const added = await waitFor(() => row(document, 'weather'));
    expect(within(added).getByText('天气服务')).toBeInTheDocument();
    expect(within(added).getByText('启用')).toBeInTheDocument();
    expect(within(added).getByText(/\/api\/gateway\/weather\/…$/)).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/sys/gatewayRoute/updateAll')?.body).toEqual({
      router: { routerId: 'weather', name: '天气服务', uri: 'http://127.0.0.1:1/weather', status: 1, predicates: [{ name: 'Path', args: { _genkey_0: '/weather/**' } }], filters: [] },
    });
    // enabled: the gateway forwards (nothing listens upstream, so 502 rather than 404)
    expect((await api.call('GET', '/gateway/weather/today')).message).not.toBe('网关路由不存在或已停用');

    fireEvent.click(within(added).getByText('停用'));
    await confirm();
    await waitFor(() => expect(within(row(document, 'weather')).getByText('停用', { selector: '.ant-tag' })).toBeInTheDocument());
    const [stored] = (await api.call('GET', '/sys/gatewayRoute/list')).result.filter((r: { routerId: string }) => r.routerId === 'weather');
    expect(stored).toMatchObject({ status: 0, uri: 'http://127.0.0.1:1/weather', predicates: [{ name: 'Path', args: { _genkey_0: '/weather/**' } }] });
    expect((await api.call('GET', '/gateway/weather/today')).message).toBe('网关路由不存在或已停用');
  }, 60_000);

  it('copies a route, deletes the copy to the recycle bin, restores it and deletes it for good', async () => {
    api.signIn(ALL_CODES);
    render();
    fireEvent.click(within(await waitFor(() => row(document, 'weather'))).getByText('复制'));
    const copy = await waitFor(() => row(document, /^weather_copy_/));
    const copyId = within(copy).getByText(/^weather_copy_/).textContent!;
    expect(within(copy).getByText('停用', { selector: '.ant-tag' })).toBeInTheDocument();

    fireEvent.click(within(copy).getByText('删除'));
    await confirm();
    await waitFor(() => expect(screen.queryByText(copyId)).not.toBeInTheDocument());

    fireEvent.click(button(document.body, '回收站'));
    const bin = await waitFor(() => dialog('路由回收站'));
    fireEvent.click(within(await waitFor(() => row(bin, copyId))).getByText('还原'));
    await confirm();
    await waitFor(() => expect(within(bin).queryByText(copyId)).not.toBeInTheDocument());
    // back in the list, still disabled
    await waitFor(() => expect(within(row(document, copyId)).getByText('停用', { selector: '.ant-tag' })).toBeInTheDocument());

    fireEvent.click(bin.querySelector('.ant-modal-close')!);
    fireEvent.click(within(row(document, copyId)).getByText('删除'));
    await confirm();
    await waitFor(() => expect(screen.queryByText(copyId)).not.toBeInTheDocument());
    fireEvent.click(button(document.body, '回收站'));
    await waitFor(() => expect(within(bin).getByText(copyId)).toBeInTheDocument());
    fireEvent.click(within(row(bin, copyId)).getByText('彻底删除'));
    await confirm();
    await waitFor(() => expect(within(bin).queryByText(copyId)).not.toBeInTheDocument());
    expect((await api.call('GET', '/sys/gatewayRoute/deleteList')).result).toEqual([]);
  }, 60_000);

  it('shows a list-only user no 新增, 编辑, 停用, 复制 or 回收站', async () => {
    api.signIn(['system:gateway:list']);
    render();
    const r = await waitFor(() => row(document, 'weather'));
    for (const label of ['编辑', '启用', '复制', '删除']) expect(within(r).queryByText(label)).not.toBeInTheDocument();
    expect(() => button(document.body, '新增')).toThrow();
    expect(() => button(document.body, '回收站')).toThrow();
  }, 30_000);
});
