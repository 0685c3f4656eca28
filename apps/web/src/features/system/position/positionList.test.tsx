import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetErrorState } from '../../../lib/http/errors';
import { clearLocalSession, setPermissions, setToken } from '../../../lib/session/store';
import { envelope, startApiServer, type ApiServer } from '../../../lib/testing/apiServer';
import PositionListPage from './PositionList.page';

// antd renders slowly in jsdom on a busy machine: give async queries more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

let api: ApiServer;
let rows: { id: string; code: string; name: string; postRank: string; postRank_dictText: string }[];

beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
afterEach(async () => {
  await resetErrorState();
  clearLocalSession();
  api.seen.length = 0;
});

const grant = (...codes: string[]) => setPermissions({ menu: [], auth: codes.map((action) => ({ action, type: '1' })), allAuth: [] });

function serve() {
  rows = [
    { id: 'a', code: 'CEO', name: '总经理', postRank: '5', postRank_dictText: '正高级' },
    { id: 'b', code: 'DEV', name: '开发', postRank: '3', postRank_dictText: '中级' },
  ];
  api.handle('GET', '/sys/position/list', () => ({ body: envelope({ records: rows, total: rows.length, size: 10, current: 1, pages: 1 }) }));
  api.handle('GET', '/sys/dict/getDictItems/position_rank', () => ({ body: envelope([{ value: '3', text: '中级' }, { value: '5', text: '正高级' }]) }));
  api.handle('POST', '/sys/position/add', (req) => {
    const b = req.body as { code: string; name: string };
    rows = [...rows, { id: 'c', code: b.code, name: b.name, postRank: '', postRank_dictText: '' }];
    return { body: envelope(null, '添加成功！') };
  });
}

describe('职务管理 page', () => {
  it('renders the rows from the server with dictionary texts, and only the buttons the user holds', async () => {
    setToken('tok');
    grant('system:position:add', 'system:position:exportXls', 'system:position:edit');
    serve();
    render(<PositionListPage />);
    expect(await screen.findByText('总经理')).toBeInTheDocument();
    expect(screen.getByText('正高级')).toBeInTheDocument();
    expect(screen.getByText('中级')).toBeInTheDocument();
    expect(screen.getByText('1-2 共 2 条')).toBeInTheDocument();
    expect(screen.getByText(/^新\s*增$/)).toBeInTheDocument();
    expect(screen.getByText(/^导\s*出$/)).toBeInTheDocument();
    expect(screen.queryByText(/^导\s*入$/)).not.toBeInTheDocument();
    expect(screen.getAllByText('编辑')).toHaveLength(2);
    expect(screen.queryByText('删除')).not.toBeInTheDocument();
    expect(screen.getByText('高级查询')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/sys/position/list')!.headers['x-access-token']).toBe('tok');
  });

  it('adds a position through the form and reloads the list', async () => {
    grant('system:position:add');
    serve();
    render(<PositionListPage />);
    await screen.findByText('总经理');
    fireEvent.click(screen.getByText(/^新\s*增$/));
    expect(await screen.findByText('新增职务')).toBeInTheDocument();
    fireEvent.click(screen.getByText(/^确\s*定$/));
    expect(await screen.findByText('请输入职务编码!')).toBeInTheDocument();
    fireEvent.change(screen.getAllByPlaceholderText('请输入职务编码').at(-1)!, { target: { value: 'QA' } });
    fireEvent.change(screen.getAllByPlaceholderText('请输入职务名称').at(-1)!, { target: { value: '测试' } });
    fireEvent.click(screen.getByText(/^确\s*定$/));
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/sys/position/add')!.body).toMatchObject({ code: 'QA', name: '测试' });
    expect(await screen.findByText('测试')).toBeInTheDocument();
    await waitFor(() => expect(api.seen.filter((s) => s.path === '/sys/position/list')).toHaveLength(2));
  }, 60_000);
});
