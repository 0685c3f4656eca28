// sel_user / sel_depart columns without options open the full pickers and store what they pick.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, useApiServer } from '../../lib/testing/apiServer';
import { cellOf, renderGrid } from './testing';
import type { GridColumn } from './types';

vi.setConfig({ testTimeout: 60_000 });
const api = useApiServer();
const withQueries = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

describe('sel_user cell with the full user picker', () => {
  it('picks through the department tree and stores the username, showing the name', async () => {
    api.handle('GET', '/sys/sysDepart/queryTreeList', () => ({ body: envelope([{ key: 'd1', id: 'd1', title: '研发部', departName: '研发部', orgCode: 'A01', isLeaf: true }]) }));
    api.handle('GET', '/sys/user/queryUserComponentData', () => ({
      body: envelope({ records: [{ id: 'u1', username: 'zhangsan', realname: '张三', sex: 1, orgCodeTxt: '研发部' }], total: 1 }),
    }));
    api.handle('GET', '/sys/user/getMultiUser', () => ({ body: envelope([{ id: 'u1', username: 'zhangsan', realname: '张三' }]) }));
    const columns: GridColumn[] = [{ key: 'owner', title: '负责人', type: 'sel_user', fieldExtendJson: { multiSelect: false } }];
    const { container, grid } = renderGrid({ columns, value: [{ id: 'r1' }] }, { wrapper: withQueries });
    const buttons = within(cellOf(container, 0, 'owner')).getAllByRole('button');
    fireEvent.click(buttons[buttons.length - 1]);
    const modal = await screen.findByRole('dialog');
    const row = (await within(modal).findByText('张三')).closest('tr')!;
    fireEvent.click(row.querySelector('input[type="radio"], input[type="checkbox"]')!);
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(grid().getAll()[0].owner).toBe('zhangsan'));
    await waitFor(() => expect((cellOf(container, 0, 'owner').querySelector('input') as HTMLInputElement).value).toBe('张三'));
  });
});
