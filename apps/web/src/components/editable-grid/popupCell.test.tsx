// The popup cell fed by an online report (popupCode): the report's picker opens, and the picked
// record's orgFields are written into the row's destFields.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, useApiServer } from '../../lib/testing/apiServer';
import { popupCache } from '../pickers';
import { grantButtons } from '../tree/testing';
import { cellOf, renderGrid } from './testing';
import type { GridColumn } from './types';

vi.setConfig({ testTimeout: 60_000 });
const api = useApiServer();
const BASE = '/online/cgreport/api';

function serveReport() {
  api.handle('GET', `${BASE}/getRpColumns/report_user`, () => ({
    body: envelope({ cgRpConfigId: 'rp1', cgRpConfigName: '用户', columns: [{ dataIndex: 'username', title: '用户账号' }, { dataIndex: 'realname', title: '用户姓名' }], dictOptions: {} }),
  }));
  api.handle('GET', `${BASE}/getQueryInfo/rp1`, () => ({ body: envelope([{ field: 'username', label: '用户账号', mode: 'single', type: 'string' }]) }));
  api.handle('GET', `${BASE}/getData/rp1`, () => ({
    body: envelope({ records: [{ username: 'zhangsan', realname: '张三' }, { username: 'lisi', realname: '李四' }], total: 2 }),
  }));
}

const column: GridColumn = { key: 'owner', title: '负责人', type: 'popup', popupCode: 'report_user', orgFields: 'realname,username', destFields: 'owner,ownerAccount' };

describe('popup cell with an online report', () => {
  beforeEach(() => grantButtons(['online:report:report_user']));

  it('opens the report, and the pick fills every destination field of the row', async () => {
    popupCache.clear();
    serveReport();
    const { container, grid } = renderGrid({ columns: [column, { key: 'ownerAccount', title: '账号', type: 'normal' }], value: [{ id: 'r1' }] });
    fireEvent.click(within(cellOf(container, 0, 'owner')).getByRole('combobox', { name: '负责人' }));
    const modal = await screen.findByRole('dialog');
    const row = (await within(modal).findByText('李四')).closest('tr')!;
    fireEvent.click(row.querySelector('input[type="radio"], input[type="checkbox"]')!);
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(grid().getAll()[0]).toMatchObject({ owner: '李四', ownerAccount: 'lisi' }));
    expect(cellOf(container, 0, 'owner')).toHaveTextContent('李四');
  });

  it('without the report permission warns and asks the server nothing', async () => {
    popupCache.clear();
    grantButtons([]);
    serveReport();
    const { container } = renderGrid({ columns: [column], value: [{ id: 'r1' }] });
    fireEvent.click(within(cellOf(container, 0, 'owner')).getByRole('combobox', { name: '负责人' }));
    expect(await screen.findByText('您没有该报表的查看权限')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(api.seen.filter((s) => s.path.startsWith(BASE))).toEqual([]);
  });

  it('refuses a column whose fields do not pair up, without calling the server', async () => {
    const bad: GridColumn = { ...column, destFields: 'owner' };
    const { container } = renderGrid({ columns: [bad], value: [{ id: 'r1' }] });
    fireEvent.click(within(cellOf(container, 0, 'owner')).getByRole('combobox', { name: '负责人' }));
    expect(await screen.findByText('popup参数未正确配置,原始值和目标值数量不一致!')).toBeInTheDocument();
    expect(api.seen.filter((s) => s.path.startsWith(BASE))).toHaveLength(0);
  });
});
