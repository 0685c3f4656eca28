import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, useApiServer } from '../../lib/testing/apiServer';
import { AsyncSearchSelect } from './AsyncSearchSelect';
import { openSelect, pickOption, renderInForm } from './testing/formHarness';

vi.setConfig({ testTimeout: 30_000 });
const api = useApiServer();

const DICT = 'sys_user,realname,username';
const PATH = '/sys/dict/loadDict/sys_user%2Crealname%2Cusername';
const users = [
  { value: 'zhang', text: '张三' },
  { value: 'zhangs', text: '张山' },
];
const searches = () => api.seen.filter((s) => s.path === PATH);
const type = (container: HTMLElement, text: string) => fireEvent.change(container.querySelector('input[role="combobox"]')!, { target: { value: text } });

describe('AsyncSearchSelect', () => {
  it('asks for input first, searches 800 ms after the last keystroke and stores the picked value', async () => {
    api.handle('GET', PATH, (req) => ({ body: envelope(users.filter((u) => u.text.includes(req.query.get('keyword') ?? ''))), delayMs: 150 }));
    const view = renderInForm(<AsyncSearchSelect dict={DICT} />);
    expect(screen.getByText('请选择')).toBeInTheDocument();
    openSelect(view.container);
    expect(await screen.findByText('请输入搜索内容')).toBeInTheDocument();

    type(view.container, '张');
    type(view.container, '张三');
    expect(await screen.findByText('加载中…')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 500));
    expect(searches()).toHaveLength(0);
    await pickOption('张三');
    expect(searches()).toHaveLength(1);
    expect(searches()[0]!.query.get('keyword')).toBe('张三');
    expect(searches()[0]!.query.get('pageSize')).toBe('10');
    expect(view.value()).toBe('zhang');
    expect(view.container.querySelector('.ant-select-selection-item')).toHaveTextContent('张三');
  });

  it('says 没有查询到任何数据 when nothing matches', async () => {
    api.handle('GET', PATH, () => ({ body: envelope([]) }));
    const view = renderInForm(<AsyncSearchSelect dict={DICT} />);
    openSelect(view.container);
    type(view.container, '无此人');
    expect(await screen.findByText('没有查询到任何数据', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the server message as a warning when a search fails', async () => {
    api.handle('GET', PATH, () => ({ status: 400, body: envelope(null, '字典表或字段未被授权: sys_user', 400) }));
    const view = renderInForm(<AsyncSearchSelect dict={DICT} />);
    openSelect(view.container);
    type(view.container, '张');
    expect(await screen.findByText('字典表或字段未被授权: sys_user', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(document.querySelector('.ant-message-warning')).not.toBeNull();
  });

  it('shows the text of a value the form already holds', async () => {
    api.handle('GET', '/sys/dict/loadDictItem/sys_user%2Crealname%2Cusername', (req) => ({ body: envelope(req.query.get('key') === 'zhang' ? ['张三'] : []) }));
    const view = renderInForm(<AsyncSearchSelect dict={DICT} />, { field: 'zhang' });
    await waitFor(() => expect(view.container.querySelector('.ant-select-selection-item')).toHaveTextContent('张三'));
    expect(api.seen.filter((s) => s.path.startsWith('/sys/dict/loadDict/'))).toHaveLength(0);
  });
});
