import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@anxue/shared/constants';
import { refreshDictCache } from '../../lib/dict';
import { localStore } from '../../lib/storage';
import { envelope, useApiServer } from '../../lib/testing/apiServer';
import { grantButtons } from '../tree/testing';
import { DictSelect } from './DictSelect';
import { openSelect, pickOption, renderInForm, visibleOptions } from './testing/formHarness';

vi.setConfig({ testTimeout: 30_000 });
const api = useApiServer();

const grades = [
  { value: '1', text: '一年级' },
  { value: '2', text: '二年级' },
  { value: '3', text: '三年级' },
];
let codeNo = 0;
/** Each test reads a fresh code: fetched dictionaries are remembered for the page's life. */
function serveDict(items = grades) {
  const code = `grade_${++codeNo}`;
  api.handle('GET', `/sys/dict/getDictItems/${code}`, () => ({ body: envelope(items) }));
  return code;
}

beforeEach(() => localStore.remove(STORAGE_KEYS.dictCache));
afterEach(() => vi.restoreAllMocks());

describe('DictSelect', () => {
  it('as a select: loads the items, shows 请选择 and stores the picked value in the form', async () => {
    const code = serveDict();
    const view = renderInForm(<DictSelect dictCode={code} />);
    expect(screen.getByText('请选择')).toBeInTheDocument();
    openSelect(view.container);
    await pickOption('二年级');
    expect(view.value()).toBe('2');
    expect(view.container.querySelector('.ant-select-selection-item')).toHaveTextContent('二年级');
  });

  it('shows the text of a numeric value the form already holds', async () => {
    const code = serveDict();
    const view = renderInForm(<DictSelect dictCode={code} />, { field: 3 });
    await waitFor(() => expect(view.container.querySelector('.ant-select-selection-item')).toHaveTextContent('三年级'));
  });

  it('reads the local cache before asking the server', async () => {
    localStore.set(STORAGE_KEYS.dictCache, { cached_only: [{ value: 'y', text: '是' }, { value: 'n', text: '否' }] }, 60_000);
    const view = renderInForm(<DictSelect dictCode="cached_only" />);
    openSelect(view.container);
    await pickOption('否');
    expect(view.value()).toBe('n');
    expect(api.seen.some((s) => s.path.startsWith('/sys/dict/getDictItems'))).toBe(false);
  });

  it('as radio buttons and as a radio group stores the chosen value', async () => {
    const code = serveDict();
    const view = renderInForm(<DictSelect dictCode={code} type="radioButton" />);
    fireEvent.click(await screen.findByText('一年级'));
    expect(view.value()).toBe('1');
    expect(view.container.querySelector('.ant-radio-button-wrapper-checked')).toHaveTextContent('一年级');
    view.unmount();

    const radio = renderInForm(<DictSelect dictCode={code} type="radio" />, { field: '2' });
    expect(await screen.findByRole('radio', { name: '二年级' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: '三年级' }));
    expect(radio.value()).toBe('3');
  });

  it('as checkboxes keeps a comma-joined string', async () => {
    const code = serveDict();
    const view = renderInForm(<DictSelect dictCode={code} type="checkbox" />, { field: '1,3' });
    expect(await screen.findByRole('checkbox', { name: '一年级' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '三年级' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '二年级' })).not.toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: '二年级' }));
    expect(view.value()).toBe('1,2,3');
    fireEvent.click(screen.getByRole('checkbox', { name: '一年级' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '二年级' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '三年级' }));
    expect(view.value()).toBe('');
  });

  it('as a multi-select keeps a comma-joined string', async () => {
    const code = serveDict();
    const view = renderInForm(<DictSelect dictCode={code} type="multiple" />, { field: '2' });
    await waitFor(() => expect(view.container.querySelector('.ant-select-selection-item')).toHaveTextContent('二年级'));
    openSelect(view.container);
    await pickOption('三年级');
    expect(view.value()).toBe('2,3');
  });

  it('reads a table dictionary through its encoded code', async () => {
    api.handle('GET', '/sys/dict/getDictItems/sys_user%2Crealname%2Cusername', () => ({ body: envelope([{ value: 'admin', text: '管理员' }]) }));
    const view = renderInForm(<DictSelect dictCode="sys_user,realname,username" />);
    openSelect(view.container);
    await pickOption('管理员');
    expect(view.value()).toBe('admin');
  });

  it('without a dictionary code logs 字典Code不能为空! and shows an empty select', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = renderInForm(<DictSelect />);
    expect(error).toHaveBeenCalledWith('字典Code不能为空!');
    openSelect(view.container);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(api.seen).toHaveLength(0);
  });

  it('empties the options when the dictionary fails to load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    api.handle('GET', '/sys/dict/getDictItems/broken', () => ({ status: 500, body: envelope(null, '字典加载失败', 500) }));
    const view = renderInForm(<DictSelect dictCode="broken" />);
    await waitFor(() => expect(error).toHaveBeenCalled());
    openSelect(view.container);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
  });

  it('shows items added on the server once the cache is refreshed', async () => {
    let items = [grades[0]!];
    api.handle('GET', '/sys/dict/getDictItems/growing', () => ({ body: envelope(items) }));
    const view = renderInForm(<DictSelect dictCode="growing" />);
    openSelect(view.container);
    await waitFor(() => expect(visibleOptions()).toEqual(['一年级']));

    items = grades;
    api.handle('GET', '/sys/dict/refleshCache', () => ({ body: envelope(null, '刷新缓存完成！') }));
    api.handle('GET', '/sys/dict/queryAllDictItems', () => ({ body: envelope({ growing: grades }) }));
    await act(() => refreshDictCache());
    expect(await screen.findByText('刷新缓存完成！')).toBeInTheDocument();
    expect(localStore.get(STORAGE_KEYS.dictCache)).toEqual({ growing: grades });
    await waitFor(() => expect(visibleOptions()).toEqual(['一年级', '二年级', '三年级']));
  });

  it('without system:dict:refresh reloads this browser’s copy only, never asking the server to flush', async () => {
    grantButtons([]);
    api.handle('GET', '/sys/dict/queryAllDictItems', () => ({ body: envelope({ growing: grades }) }));
    await act(() => refreshDictCache());
    expect(await screen.findByText('刷新缓存完成！')).toBeInTheDocument();
    expect(localStore.get(STORAGE_KEYS.dictCache)).toEqual({ growing: grades });
    expect(api.seen.some((s) => s.path === '/sys/dict/refleshCache')).toBe(false);
  });

  it('with system:dict:refresh flushes the server cache first', async () => {
    grantButtons(['system:dict:refresh']);
    api.handle('GET', '/sys/dict/refleshCache', () => ({ body: envelope(null, '刷新缓存完成！') }));
    api.handle('GET', '/sys/dict/queryAllDictItems', () => ({ body: envelope({ growing: grades }) }));
    await act(() => refreshDictCache());
    expect(api.seen.map((s) => s.path).filter((p) => p.startsWith('/sys/dict/'))).toEqual(['/sys/dict/refleshCache', '/sys/dict/queryAllDictItems']);
  });

  it('says 刷新缓存失败！ when the refresh fails and keeps the old cache', async () => {
    localStore.set(STORAGE_KEYS.dictCache, { sex: [{ value: '1', text: '男' }] }, 60_000);
    grantButtons(['system:dict:refresh']);
    api.handle('GET', '/sys/dict/refleshCache', () => ({ status: 500, body: envelope(null, '服务器错误', 500) }));
    await act(() => refreshDictCache());
    expect(await screen.findByText('刷新缓存失败！')).toBeInTheDocument();
    expect(localStore.get(STORAGE_KEYS.dictCache)).toEqual({ sex: [{ value: '1', text: '男' }] });
  });
});
