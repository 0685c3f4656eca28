import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetErrorState } from '../../lib/http/errors';
import { envelope, startApiServer, type ApiServer } from '../../lib/testing/apiServer';
import { ListPage } from './ListPage';
import { useListPage } from './useListPage';
import type { ListApi } from './types';

// antd renders slowly in jsdom on a busy machine: give async queries more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

interface Row {
  id: string;
  name: string;
  postRank?: string;
  postRank_dictText?: string;
}

let api: ApiServer;
let rows: Row[];

beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
afterEach(async () => {
  await resetErrorState();
  api.seen.length = 0;
});

function serveList() {
  api.handle('GET', '/sys/position/list', (req) => {
    const pageNo = Number(req.query.get('pageNo'));
    const pageSize = Number(req.query.get('pageSize'));
    const records = rows.slice((pageNo - 1) * pageSize, pageNo * pageSize);
    return { body: envelope({ records, total: rows.length, size: pageSize, current: pageNo, pages: Math.ceil(rows.length / pageSize) }) };
  });
}

const API: ListApi = {
  list: '/sys/position/list',
  delete: '/sys/position/delete',
  deleteBatch: '/sys/position/deleteBatch',
  exportXls: '/sys/position/exportXls',
};

function Harness({ urls = API }: { urls?: ListApi }) {
  const list = useListPage<Row>({ api: urls, queryRules: { name: 'like' } });
  return (
    <ListPage
      list={list}
      columns={[
        { title: '名称', dataIndex: 'name', sorter: true },
        { title: '操作', key: 'action', render: (_v, r) => <a onClick={() => void list.remove(r.id)}>删除{r.name}</a> },
      ]}
      query={
        <Form.Item name="name" label="名称">
          <Input placeholder="请输入名称" />
        </Form.Item>
      }
      exportName="职务"
      toolbar={<Button onClick={list.removeSelected}>删除所选</Button>}
    />
  );
}

const listCalls = () => api.seen.filter((s) => s.path === '/sys/position/list');
const lastList = () => listCalls().at(-1)!.query;
const checkboxOf = (row: Element) => row.querySelector('input[type=checkbox]')!;
/** The selection note above the table, e.g. '已选择 1 项'. */
const selectedNote = () => document.querySelector('.ant-alert-message')?.textContent?.replace('清空', '').replace(/\s+/g, ' ').trim();

function makeRows(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `职务${i + 1}` }));
}

describe('useListPage + ListPage', () => {
  it('loads page 1 sorted by createTime desc and shows the total text', async () => {
    rows = makeRows(11);
    serveList();
    render(<Harness />);
    expect(await screen.findByText('职务1')).toBeInTheDocument();
    expect(screen.getByText('1-10 共 11 条')).toBeInTheDocument();
    const q = lastList();
    expect(q.get('pageNo')).toBe('1');
    expect(q.get('pageSize')).toBe('10');
    expect(q.get('column')).toBe('createTime');
    expect(q.get('order')).toBe('desc');
    expect(q.has('superQueryParams')).toBe(false);
  });

  it('search goes back to page 1, wraps like values and clears the selection', async () => {
    rows = makeRows(15);
    serveList();
    render(<Harness />);
    await screen.findByText('职务1');
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('职务11')).toBeInTheDocument();
    expect(lastList().get('pageNo')).toBe('2');
    const row = screen.getByText('职务11').closest('tr')!;
    fireEvent.click(checkboxOf(row));
    await waitFor(() => expect(selectedNote()).toBe('已选择 1 项'));
    await userEvent.type(screen.getByPlaceholderText('请输入名称'), '主管');
    fireEvent.click(screen.getByText(/^查\s*询$/));
    await waitFor(() => expect(lastList().get('name')).toBe('*主管*'));
    expect(lastList().get('pageNo')).toBe('1');
    expect(selectedNote()).toBe('已选择 0 项');
  }, 60_000);

  it('says "10,000+" when the server stopped counting, and keeps the next page open past the counted rows', async () => {
    rows = makeRows(10);
    api.handle('GET', '/sys/position/list', (req) => {
      const pageNo = Number(req.query.get('pageNo'));
      // the server counts as far as the requested page (or 10,000), and no further
      const total = Math.max(10_000, pageNo * 10);
      return { body: envelope({ records: rows, total, size: 10, current: pageNo, pages: total / 10, totalCapped: true }) };
    });
    render(<Harness />);
    expect(await screen.findByText('1-10 共 10,000+ 条')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('1001'));
    await waitFor(() => expect(lastList().get('pageNo')).toBe('1001'));
    expect(await screen.findByText('10001-10010 共 10,010+ 条')).toBeInTheDocument();
    expect(screen.getByTitle('1002')).toBeInTheDocument();
  });

  it('sorting a column sends its field and order', async () => {
    rows = makeRows(3);
    serveList();
    render(<Harness />);
    await screen.findByText('职务1');
    fireEvent.click(screen.getAllByText('名称', { selector: '.ant-table-column-title' })[0]);
    await waitFor(() => expect(lastList().get('column')).toBe('name'));
    expect(lastList().get('order')).toBe('asc');
  });

  it('deleting the only row of the last page goes back a page', async () => {
    rows = makeRows(11);
    serveList();
    api.handle('DELETE', '/sys/position/delete', (req) => {
      rows = rows.filter((r) => r.id !== req.query.get('id'));
      return { body: envelope(null, '删除成功!') };
    });
    render(<Harness />);
    await screen.findByText('职务1');
    fireEvent.click(screen.getByTitle('2'));
    fireEvent.click(await screen.findByText('删除职务11'));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('1-10 共 10 条')).toBeInTheDocument());
    expect(lastList().get('pageNo')).toBe('1');
  });

  it('batch delete with nothing selected warns 请选择一条记录！; with a selection it confirms and sends ids', async () => {
    rows = makeRows(3);
    serveList();
    api.handle('DELETE', '/sys/position/deleteBatch', (req) => {
      const ids = (req.query.get('ids') ?? '').split(',');
      rows = rows.filter((r) => !ids.includes(r.id));
      return { body: envelope(null, '批量删除成功!') };
    });
    render(<Harness />);
    await screen.findByText('职务1');
    fireEvent.click(screen.getByText('删除所选'));
    expect(await screen.findByText('请选择一条记录！')).toBeInTheDocument();
    expect(api.seen.some((s) => s.path === '/sys/position/deleteBatch')).toBe(false);
    for (const name of ['职务1', '职务2']) fireEvent.click(checkboxOf(screen.getByText(name).closest('tr')!));
    fireEvent.click(screen.getByText('删除所选'));
    fireEvent.click(await screen.findByText(/^确\s*定$/));
    expect(await screen.findByText('批量删除成功!')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/sys/position/deleteBatch')!.query.get('ids')).toBe('p1,p2');
    await waitFor(() => expect(screen.queryByText('职务1')).not.toBeInTheDocument());
    expect(screen.getByText('职务3')).toBeInTheDocument();
  }, 60_000);

  it('export sends the list params plus selections; an empty file shows 文件下载失败', async () => {
    rows = makeRows(2);
    serveList();
    api.handle('GET', '/sys/position/exportXls', () => ({ body: '', contentType: 'application/vnd.ms-excel' }));
    render(<Harness />);
    await screen.findByText('职务1');
    fireEvent.click(checkboxOf(screen.getByText('职务2').closest('tr')!));
    fireEvent.click(screen.getByText(/^导\s*出$/));
    expect(await screen.findByText('文件下载失败')).toBeInTheDocument();
    const q = api.seen.find((s) => s.path === '/sys/position/exportXls')!.query;
    expect(q.get('selections')).toBe('p2');
    expect(q.get('column')).toBe('createTime');
  });

  it('a missing list url shows 请设置url.list属性!', async () => {
    render(<Harness urls={{}} />);
    expect(await screen.findByText('请设置url.list属性!')).toBeInTheDocument();
  });

  it('a failed load shows the server message as a warning', async () => {
    api.handle('GET', '/sys/position/list', () => ({ status: 500, body: envelope(null, '查询失败了', 500) }));
    render(<Harness />);
    expect(await screen.findByText('查询失败了')).toBeInTheDocument();
  });
});
