import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { destroyNotices } from '../../lib/notices';
import { envelope, useApiServer } from '../../lib/testing/apiServer';
import { renderWithProviders } from '../tree/testing';
import { EntityPicker } from './EntityPicker';
import { RolePicker } from './RolePicker';
import { button, dialog, lastCall, okOf, page, pageSizeOptions, rowPicker } from './testing';

vi.setConfig({ testTimeout: 60_000 });
const api = useApiServer();

const POSITIONS = [
  { id: 'p1', code: 'P01', name: '总经理' },
  { id: 'p2', code: 'P02', name: '高级软件工程师（后端平台方向）' },
  { id: 'p3', code: 'P03', name: '实习生' },
];
const ROLES = [
  { id: 'r1', roleCode: 'admin', roleName: '管理员' },
  { id: 'r2', roleCode: 'teacher', roleName: '教师' },
];

let changes: Array<[string, any[]]> = [];
afterEach(async () => {
  changes = [];
  await destroyNotices();
});

function Positions({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <EntityPicker
      value={value}
      onChange={(v, rows) => {
        changes.push([v, rows]);
        setValue(v);
      }}
      listUrl="/sys/position/list"
      displayKey="name"
      name="职务"
      queryParamText="职务名称"
      columns={[
        { dataIndex: 'code', title: '职务编码' },
        { dataIndex: 'name', title: '职务名称' },
      ]}
    />
  );
}

function Roles({ multiple }: { multiple?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <RolePicker
      multiple={multiple}
      value={value}
      onChange={(v, rows) => {
        changes.push([v, rows]);
        setValue(v);
      }}
    />
  );
}

beforeAll(() => {
  api.handle('GET', '/sys/position/list', (req) => {
    const ids = req.query.get('id')?.split(',');
    return { body: page(ids ? POSITIONS.filter((p) => ids.includes(p.id)) : POSITIONS, ids ? undefined : 23) };
  });
  api.handle('GET', '/sys/role/list', () => ({ body: page(ROLES) }));
});

describe('EntityPicker', () => {
  it('reads existing values back through the list url with the valueKey, pageNo 1 and their count', async () => {
    renderWithProviders(<Positions initial="p3,p1" />);
    const call = await lastCall(api, '/sys/position/list');
    expect(Object.fromEntries(call.query)).toMatchObject({ id: 'p3,p1', pageNo: '1', pageSize: '2' });
    await waitFor(() => expect((screen.getByPlaceholderText('请选择职务') as HTMLInputElement).value).toBe('实习生,总经理'));
  });

  it('opens a 900-wide modal: query and a 5-row table on the left, 240 high, cells cut at 12 characters', async () => {
    renderWithProviders(<Positions />);
    fireEvent.click(screen.getByPlaceholderText('请选择职务'));
    const modal = await waitFor(() => dialog('选择职务'));
    expect(modal.style.width).toBe('900px');
    const first = await lastCall(api, '/sys/position/list');
    expect(Object.fromEntries(first.query)).toMatchObject({ pageNo: '1', pageSize: '5' });
    const cut = await within(modal).findByText('高级软件工程师（后端平台...');
    expect(cut.getAttribute('title')).toBe('高级软件工程师（后端平台方向）');
    expect((modal.querySelector('.ant-table-body') as HTMLElement).style.maxHeight).toBe('240px');
    expect(within(modal).getByText('1-5 共 23 条')).toBeInTheDocument();
    expect(await pageSizeOptions(modal)).toEqual(['5 条/页', '10 条/页', '20 条/页', '30 条/页']);
    fireEvent.change(within(modal).getByLabelText('职务名称'), { target: { value: '工程' } });
    fireEvent.click(button(modal, '查询'));
    expect((await lastCall(api, '/sys/position/list', (s) => s.query.has('name'))).query.get('name')).toBe('*工程*');
  });

  it('lists the picks on the right, each with a 删除 link, and OK emits what is left', async () => {
    renderWithProviders(<Positions />);
    fireEvent.click(screen.getByPlaceholderText('请选择职务'));
    const modal = await waitFor(() => dialog('选择职务'));
    await within(modal).findByText('总经理');
    fireEvent.click(rowPicker(modal, '总经理'));
    fireEvent.click(rowPicker(modal, '实习生'));
    const picked = within(modal).getByTestId('entity-picker-selected');
    await waitFor(() => expect(within(picked).getByText('已选择（2）')).toBeInTheDocument());
    const item = within(picked).getByText('总经理').closest('li') as HTMLElement;
    fireEvent.click(within(item).getByText('删除'));
    await waitFor(() => expect(within(picked).queryByText('总经理')).not.toBeInTheDocument());
    expect((rowPicker(modal, '总经理') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(okOf(modal));
    await waitFor(() => expect(changes.at(-1)?.[0]).toBe('p3'));
    await waitFor(() => expect((screen.getByPlaceholderText('请选择职务') as HTMLInputElement).value).toBe('实习生'));
  });
});

describe('RolePicker', () => {
  it('queries by role code and answers ids with the roles (id and roleCode)', async () => {
    renderWithProviders(<Roles />);
    fireEvent.click(screen.getByPlaceholderText('请选择角色'));
    const modal = await waitFor(() => dialog('选择角色'));
    await within(modal).findByText('管理员');
    fireEvent.change(within(modal).getByLabelText('角色编码'), { target: { value: 'teach' } });
    fireEvent.click(button(modal, '查询'));
    expect((await lastCall(api, '/sys/role/list', (s) => s.query.has('roleCode'))).query.get('roleCode')).toBe('*teach*');
    fireEvent.click(rowPicker(modal, '管理员'));
    fireEvent.click(rowPicker(modal, '教师'));
    fireEvent.click(okOf(modal));
    await waitFor(() => expect(changes.at(-1)?.[0]).toBe('r1,r2'));
    expect(changes.at(-1)?.[1].map((r) => [r.id, r.roleCode])).toEqual([
      ['r1', 'admin'],
      ['r2', 'teacher'],
    ]);
    await waitFor(() => expect((screen.getByPlaceholderText('请选择角色') as HTMLInputElement).value).toBe('管理员,教师'));
  });

  it('in single mode keeps only the latest pick', async () => {
    renderWithProviders(<Roles multiple={false} />);
    fireEvent.click(screen.getByPlaceholderText('请选择角色'));
    const modal = await waitFor(() => dialog('选择角色'));
    await within(modal).findByText('管理员');
    expect(rowPicker(modal, '管理员').getAttribute('type')).toBe('radio');
    fireEvent.click(rowPicker(modal, '管理员'));
    fireEvent.click(rowPicker(modal, '教师'));
    fireEvent.click(okOf(modal));
    await waitFor(() => expect(changes.at(-1)?.[0]).toBe('r2'));
  });
});
