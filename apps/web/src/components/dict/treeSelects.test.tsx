import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, useApiServer } from '../../lib/testing/apiServer';
import { CategoryTreeSelect } from './CategoryTreeSelect';
import { DictTreeSelect } from './DictTreeSelect';
import { openSelect, renderInForm } from './testing/formHarness';

vi.setConfig({ testTimeout: 30_000 });
const api = useApiServer();
afterEach(() => vi.restoreAllMocks());

const node = (id: string, name: string, leaf: boolean, parentId = '0') => ({ key: id, value: id, title: name, label: name, code: id.toUpperCase(), leaf: leaf ? 1 : 0, isLeaf: leaf, parentId });
const treeNode = (title: string) =>
  screen.getByText(title, { selector: '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-title' }).closest('.ant-select-tree-treenode') as HTMLElement;
const expand = (title: string) => fireEvent.click(treeNode(title).querySelector('.ant-select-tree-switcher')!);
const pick = (title: string) => fireEvent.click(treeNode(title).querySelector('.ant-select-tree-node-content-wrapper')!);
const shown = (container: HTMLElement) => [...container.querySelectorAll('.ant-select-selection-item')].map((e) => e.textContent);

function serveCategories() {
  api.handle('GET', '/sys/category/loadTreeRoot', () => ({ body: envelope([node('c1', '华东', false, 'p0'), node('c2', '华南', true, 'p0')]) }));
  api.handle('GET', '/sys/category/loadTreeChildren', (req) => ({ body: envelope(req.query.get('pid') === 'c1' ? [node('c11', '上海', true, 'c1'), node('c12', '杭州', true, 'c1')] : []) }));
}

describe('CategoryTreeSelect', () => {
  it('loads the children of pcode, then a node’s children when it opens, and stores the picked id', async () => {
    serveCategories();
    const view = renderInForm(<CategoryTreeSelect pcode="B01" />);
    expect(screen.getByText('请选择')).toBeInTheDocument();
    await waitFor(() => expect(api.seen.some((s) => s.path === '/sys/category/loadTreeRoot')).toBe(true));
    const root = api.seen.find((s) => s.path === '/sys/category/loadTreeRoot')!;
    expect(root.query.get('pcode')).toBe('B01');
    expect(root.query.get('async')).toBe('true');
    openSelect(view.container);
    await screen.findByText('华东', { selector: '.ant-select-tree-title' });
    const popup = document.querySelector('.ant-select-dropdown') as HTMLElement;
    expect(popup.style.maxHeight).toBe('400px');
    expand('华东');
    await screen.findByText('杭州', { selector: '.ant-select-tree-title' });
    expect(api.seen.find((s) => s.path === '/sys/category/loadTreeChildren')!.query.get('pid')).toBe('c1');
    pick('杭州');
    expect(view.value()).toBe('c12');
    expect(shown(view.container)).toEqual(['杭州']);
  });

  it('shows the names of existing values and keeps several as a comma list', async () => {
    serveCategories();
    api.handle('GET', '/sys/category/loadDictItem/', (req) => ({ body: envelope((req.query.get('ids') ?? '').split(',').map((id) => ({ c11: '上海', c2: '华南' })[id] ?? id)) }));
    const view = renderInForm(<CategoryTreeSelect multiple />, { field: 'c11' });
    await waitFor(() => expect(shown(view.container)).toEqual(['上海']));
    openSelect(view.container);
    await screen.findByText('华南', { selector: '.ant-select-tree-title' });
    pick('华南');
    expect(view.value()).toBe('c11,c2');
  });

  it('shows a failed load as an error toast with the server message', async () => {
    api.handle('GET', '/sys/category/loadTreeRoot', () => ({ status: 400, body: envelope(null, '分类不存在', 400) }));
    renderInForm(<CategoryTreeSelect pcode="NOPE" />);
    expect(await screen.findByText('分类不存在')).toBeInTheDocument();
    expect(document.querySelector('.ant-message-error')).not.toBeNull();
  });
});

describe('DictTreeSelect', () => {
  const DICT = 'sys_category,name,id';
  const load = () => api.seen.filter((s) => s.path === '/sys/dict/loadTreeData');

  it('refuses a condition that is not a JSON object string: logs the message, sends nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderInForm(<DictTreeSelect dict={DICT} pidField="pid" condition="name='x' or 1=1" />);
    expect(error).toHaveBeenCalledWith('组件JTreeSelect-condition传值有误，需要一个json字符串!');
    await new Promise((r) => setTimeout(r, 300));
    expect(load()).toHaveLength(0);
    renderInForm(<DictTreeSelect dict={DICT} pidField="pid" condition="[1,2]" />);
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('loads roots and children through loadTreeData with the table, fields and condition', async () => {
    api.handle('GET', '/sys/dict/loadTreeData', (req) => ({
      body: envelope(req.query.get('pid') === '0' ? [node('r1', '根一', false), node('r2', '根二', true)] : [node('r11', '叶子', true, 'r1')]),
    }));
    const view = renderInForm(<DictTreeSelect dict={DICT} pidField="pid" pidValue="0" hasChildField="has_child" condition='{"code":"A01"}' />);
    openSelect(view.container);
    await screen.findByText('根一', { selector: '.ant-select-tree-title' });
    const first = load()[0]!.query;
    expect(Object.fromEntries(['pid', 'tableName', 'text', 'code', 'pidField', 'hasChildField', 'condition'].map((k) => [k, first.get(k)]))).toEqual({
      pid: '0',
      tableName: 'sys_category',
      text: 'name',
      code: 'id',
      pidField: 'pid',
      hasChildField: 'has_child',
      condition: '{"code":"A01"}',
    });
    expand('根一');
    await screen.findByText('叶子', { selector: '.ant-select-tree-title' });
    expect(load()[1]!.query.get('pid')).toBe('r1');
    pick('叶子');
    expect(view.value()).toBe('r11');
  });

  it('shows the text of an existing value', async () => {
    api.handle('GET', '/sys/dict/loadTreeData', () => ({ body: envelope([node('r1', '根一', false)]) }));
    api.handle('GET', '/sys/dict/loadDictItem/sys_category%2Cname%2Cid', (req) => ({ body: envelope(req.query.get('key') === 'r11' ? ['叶子'] : []) }));
    const view = renderInForm(<DictTreeSelect dict={DICT} pidField="pid" />, { field: 'r11' });
    await waitFor(() => expect(shown(view.container)).toEqual(['叶子']));
  });
});
