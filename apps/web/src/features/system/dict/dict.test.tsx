import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@anxue/shared/constants';
import { grantButtons, renderWithProviders } from '../../../components/tree/testing';
import { resetErrorState } from '../../../lib/http/errors';
import { localStore } from '../../../lib/storage';
import { envelope, useApiServer } from '../../../lib/testing/apiServer';
import DictListPage from './DictList.page';
import DictSourceListPage from './DictSourceList.page';

vi.setConfig({ testTimeout: 60_000 });
const api = useApiServer();

const dicts = [
  { id: 'd1', dictName: '性别', dictCode: 'sex', description: '', createTime: '2026-01-01 10:00:00' },
  { id: 'd2', dictName: '年级', dictCode: 'grade', description: '学生年级', createTime: '2026-01-02 10:00:00' },
];
let items: { id: string; dictId: string; itemText: string; itemValue: string; sortOrder: number; status: number }[];

beforeEach(() => {
  items = [
    { id: 'i1', dictId: 'd2', itemText: '一年级', itemValue: '1', sortOrder: 1, status: 1 },
    { id: 'i2', dictId: 'd2', itemText: '二年级', itemValue: '2', sortOrder: 2, status: 0 },
  ];
  api.handle('GET', '/sys/dict/list', () => ({ body: envelope({ records: dicts, total: 2, size: 10, current: 1, pages: 1 }) }));
  api.handle('GET', '/sys/dictItem/list', (req) => {
    const rows = items.filter((i) => i.dictId === req.query.get('dictId'));
    return { body: envelope({ records: rows, total: rows.length, size: 10, current: 1, pages: 1 }) };
  });
  api.handle('GET', '/sys/duplicate/check', (req) =>
    req.query.get('fieldVal') === 'sex' ? { body: envelope(null, '该值不可用，系统中已存在！', 400) } : { body: envelope(null, '该值可用！') },
  );
});
afterEach(async () => {
  await resetErrorState();
});

const dialog = () => screen.getAllByRole('dialog').at(-1)!;

describe('数据字典', () => {
  it('lists dictionaries and searches by name with like-matching and by code', async () => {
    grantButtons(['system:dict:add']);
    renderWithProviders(<DictListPage />);
    expect(await screen.findByText('学生年级')).toBeInTheDocument();
    fireEvent.change(screen.getAllByPlaceholderText('请输入字典名称')[0]!, { target: { value: '年' } });
    fireEvent.change(screen.getAllByPlaceholderText('请输入字典编号')[0]!, { target: { value: 'gr' } });
    fireEvent.click(screen.getByText(/^查\s*询$/));
    await waitFor(() => expect(api.seen.some((s) => s.path === '/sys/dict/list' && s.query.get('dictName') === '*年*' && s.query.get('dictCode') === '*gr*')).toBe(true));
    expect(screen.queryByText('编辑')).not.toBeInTheDocument();
  });

  it('refuses a code already taken (asking the duplicate check) and adds with a free one', async () => {
    grantButtons(['system:dict:add']);
    api.handle('POST', '/sys/dict/add', () => ({ body: envelope(null, '添加成功！') }));
    renderWithProviders(<DictListPage />);
    await screen.findByText('学生年级');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await screen.findByText('新增字典');
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入字典名称'), { target: { value: '性别2' } });
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入字典编码'), { target: { value: 'sex' } });
    expect(await within(dialog()).findByText('该值不可用，系统中已存在！')).toBeInTheDocument();
    const check = api.seen.find((s) => s.path === '/sys/duplicate/check')!.query;
    expect([check.get('tableName'), check.get('fieldName'), check.get('fieldVal')]).toEqual(['sys_dict', 'dict_code', 'sex']);
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(api.seen.some((s) => s.path === '/sys/dict/add')).toBe(false);

    fireEvent.change(within(dialog()).getByPlaceholderText('请输入字典编码'), { target: { value: 'sex 2' } });
    expect(await within(dialog()).findByText('只允许字母、数字、下划线、中划线和点')).toBeInTheDocument();
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入字典编码'), { target: { value: 'sex_2' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/sys/dict/add')?.body).toEqual({ dictName: '性别2', dictCode: 'sex_2' }));
  });

  it('configures the items of a dictionary: lists, adds, switches one off', async () => {
    grantButtons(['system:dictItem:add', 'system:dictItem:edit', 'system:dictItem:delete']);
    api.handle('POST', '/sys/dictItem/add', (req) => {
      items.push({ ...(req.body as (typeof items)[number]), id: 'i3' });
      return { body: envelope(null, '添加成功！') };
    });
    api.handle('PUT', '/sys/dictItem/edit', (req) => {
      const b = req.body as (typeof items)[number];
      items = items.map((i) => (i.id === b.id ? { ...i, ...b } : i));
      return { body: envelope(null, '编辑成功!') };
    });
    renderWithProviders(<DictListPage />);
    const row = (await screen.findByText('学生年级')).closest('tr')!;
    fireEvent.click(within(row).getByText('字典配置'));
    const drawer = (await screen.findByText((_, el) => !!el?.classList.contains('ant-drawer-title') && el.textContent === '字典列表 - 年级（grade）')).closest('.ant-drawer-content') as HTMLElement;
    expect(await within(drawer).findByText('一年级')).toBeInTheDocument();
    const listCall = api.seen.find((s) => s.path === '/sys/dictItem/list')!.query;
    expect([listCall.get('dictId'), listCall.get('column'), listCall.get('order')]).toEqual(['d2', 'sortOrder', 'asc']);
    expect(within(drawer).getByRole('switch', { name: '启用 一年级' })).toBeChecked();
    expect(within(drawer).getByRole('switch', { name: '启用 二年级' })).not.toBeChecked();

    fireEvent.click(within(drawer).getByRole('button', { name: /新\s*增/ }));
    await screen.findByText('新增字典项');
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入名称'), { target: { value: '三年级' } });
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入数据值'), { target: { value: '3' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/sys/dictItem/add')?.body).toEqual({ itemText: '三年级', itemValue: '3', sortOrder: 1, status: 1, dictId: 'd2' }));
    expect(await within(drawer).findByText('三年级')).toBeInTheDocument();

    fireEvent.click(within(drawer).getByRole('switch', { name: '启用 一年级' }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/sys/dictItem/edit')?.body).toMatchObject({ id: 'i1', status: 0 }));
    await waitFor(() => expect(api.seen.filter((s) => s.path === '/sys/dictItem/list').length).toBeGreaterThanOrEqual(3));
    await waitFor(() => expect(within(drawer).getByRole('switch', { name: '启用 一年级' })).not.toBeChecked());
  });

  it('刷新缓存 refreshes the server cache and this browser’s copy', async () => {
    grantButtons([]);
    api.handle('GET', '/sys/dict/refleshCache', () => ({ body: envelope(null, '刷新缓存完成！') }));
    api.handle('GET', '/sys/dict/queryAllDictItems', () => ({ body: envelope({ grade: [{ value: '1', text: '一年级' }] }) }));
    renderWithProviders(<DictListPage />);
    await screen.findByText('学生年级');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /刷新缓存/ })));
    expect(await screen.findByText('刷新缓存完成！')).toBeInTheDocument();
    expect(localStore.get(STORAGE_KEYS.dictCache)).toEqual({ grade: [{ value: '1', text: '一年级' }] });
  });
});

describe('字典数据源', () => {
  it('lists the declared tables and shows the server’s refusal of a sensitive column', async () => {
    grantButtons(['system:dictSource:add']);
    api.handle('GET', '/sys/dictSource/list', () => ({
      body: envelope({ records: [{ id: 's1', tableName: 'sys_user', fields: 'id,username,realname', description: '用户' }], total: 1, size: 10, current: 1, pages: 1 }),
    }));
    api.handle('POST', '/sys/dictSource/add', () => ({ status: 400, body: envelope(null, '敏感列不可作为字典数据源: password', 400) }));
    renderWithProviders(<DictSourceListPage />);
    expect(await screen.findByText('realname')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await screen.findByText('新增字典数据源');
    fireEvent.change(within(dialog()).getByPlaceholderText('如 sys_user'), { target: { value: 'sys_user' } });
    fireEvent.change(within(dialog()).getByPlaceholderText('如 id,username,realname'), { target: { value: 'id, password' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('敏感列不可作为字典数据源: password')).toBeInTheDocument();
    expect(api.seen.find((s) => s.path === '/sys/dictSource/add')?.body).toEqual({ tableName: 'sys_user', fields: 'id,password' });
  });

  it('saves the sensitive columns and the codes that may duplicate-check them', async () => {
    grantButtons(['system:dictSource:add', 'system:dictSource:edit']);
    api.handle('GET', '/sys/dictSource/list', () => ({
      body: envelope({
        records: [{ id: 's1', tableName: 'sys_user', fields: 'id,username,realname', sensitiveFields: 'phone,email', sensitivePerms: 'system:user:add,system:user:edit', description: '用户' }],
        total: 1, size: 10, current: 1, pages: 1,
      }),
    }));
    api.handle('PUT', '/sys/dictSource/edit', () => ({ body: envelope(null, '编辑成功!') }));
    renderWithProviders(<DictSourceListPage />);
    expect(await screen.findByText('phone')).toBeInTheDocument();
    expect(screen.getByText('system:user:edit')).toBeInTheDocument();
    fireEvent.click(screen.getByText('编辑'));
    await screen.findByText('编辑字典数据源');
    expect(within(dialog()).getByPlaceholderText('如 phone,email')).toHaveValue('phone,email');
    fireEvent.change(within(dialog()).getByPlaceholderText('如 phone,email'), { target: { value: 'phone, email ,id_card' } });
    fireEvent.change(within(dialog()).getByPlaceholderText('如 system:user:add,system:user:edit'), { target: { value: 'system:user:edit' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.find((s) => s.path === '/sys/dictSource/edit')).toBeTruthy());
    expect(api.seen.find((s) => s.path === '/sys/dictSource/edit')!.body).toMatchObject({ id: 's1', sensitiveFields: 'phone,email,id_card', sensitivePerms: 'system:user:edit' });
  });
});
