import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { grantButtons, renderWithProviders } from '../../../components/tree/testing';
import { resetErrorState } from '../../../lib/http/errors';
import { envelope, useApiServer } from '../../../lib/testing/apiServer';
import CategoryListPage from './CategoryList.page';

vi.setConfig({ testTimeout: 60_000 });
const api = useApiServer();

type Row = { id: string; pid: string; name: string; code: string; hasChild: string };
let rows: Row[];
beforeEach(() => {
  rows = [
    { id: 'a', pid: '0', name: '地区', code: 'A01', hasChild: '1' },
    { id: 'b', pid: '0', name: '学科', code: 'A02', hasChild: '0' },
    { id: 'a1', pid: 'a', name: '华东', code: 'A01A01', hasChild: '0' },
  ];
  grantButtons(['system:category:add', 'system:category:edit', 'system:category:delete']);
  api.handle('GET', '/sys/category/rootList', () => {
    const roots = rows.filter((r) => r.pid === '0');
    return { body: envelope({ records: roots, total: roots.length, size: 10, current: 1, pages: 1 }) };
  });
  api.handle('GET', '/sys/category/childList', (req) => ({ body: envelope(rows.filter((r) => r.pid === req.query.get('pid'))) }));
  api.handle('GET', '/sys/duplicate/check', () => ({ body: envelope(null, '该值可用！') }));
});
afterEach(() => resetErrorState());

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const dialog = () => screen.getAllByRole('dialog').at(-1)!;

describe('分类字典', () => {
  it('lists the roots and loads a row’s children when it opens', async () => {
    renderWithProviders(<CategoryListPage />);
    await screen.findByText('地区');
    expect(screen.queryByText('华东')).not.toBeInTheDocument();
    expect(rowOf('学科').querySelector('.ant-table-row-expand-icon-spaced')).not.toBeNull();
    fireEvent.click(rowOf('地区').querySelector('.ant-table-row-expand-icon')!);
    expect(await screen.findByText('华东')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/sys/category/childList')!.query.get('pid')).toBe('a');
  });

  it('adds a child under a row and shows it opened', async () => {
    api.handle('POST', '/sys/category/add', (req) => {
      const b = req.body as Row;
      rows.push({ ...b, id: 'b1', code: 'A02A01', hasChild: '0' });
      rows = rows.map((r) => (r.id === b.pid ? { ...r, hasChild: '1' } : r));
      return { body: envelope(null, '添加成功！') };
    });
    renderWithProviders(<CategoryListPage />);
    await screen.findByText('学科');
    fireEvent.click(within(rowOf('学科')).getByText('添加下级'));
    await screen.findByText('新增分类');
    expect(within(dialog()).getByDisplayValue('学科')).toBeDisabled();
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入类型名称'), { target: { value: '数学' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('数学')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/sys/category/add')!.body).toEqual({ name: '数学', pid: 'b' });
    expect(screen.getByText('A02A01')).toBeInTheDocument();
  });

  it('shows the server’s refusal to delete a node with children', async () => {
    api.handle('DELETE', '/sys/category/delete', () => ({ status: 400, body: envelope(null, '请先删除子节点', 400) }));
    renderWithProviders(<CategoryListPage />);
    await screen.findByText('地区');
    fireEvent.click(within(rowOf('地区')).getByText('删除'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请先删除子节点')).toBeInTheDocument();
    await waitFor(() => expect(api.seen.find((s) => s.path === '/sys/category/delete')!.query.get('id')).toBe('a'));
    expect(screen.getByText('地区')).toBeInTheDocument();
  });
});
