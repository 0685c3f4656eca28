import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import DataLogListPage from './DataLogList.page';

// 数据日志 against the real server (issue 14): edits of a tracked table (职务) are listed as versions, and
// two versions of one row compare side by side with the changed field marked.
configure({ asyncUtilTimeout: 8000 });
const api = useRealApi();

describe('数据日志 (real server)', () => {
  it('lists the versions of an edited row and compares two of them', async () => {
    expect((await api.call('POST', '/sys/position/add', { code: 'LOGGED', name: '安全员', postRank: '2' })).success).toBe(true);
    const id = (await api.call('GET', '/sys/position/list?code=LOGGED')).result.records[0].id as string;
    expect((await api.call('PUT', '/sys/position/edit', { id, code: 'LOGGED', name: '高级安全员', postRank: '3' })).success).toBe(true);

    api.signIn(['system:dataLog:list']);
    renderWithProviders(<DataLogListPage />);
    fireEvent.change(await screen.findByPlaceholderText('请输入数据ID'), { target: { value: id } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(screen.getByText('V2')).toBeInTheDocument());
    expect(screen.getByText('V1')).toBeInTheDocument();

    for (const v of ['V1', 'V2']) fireEvent.click(within(screen.getByText(v).closest('tr')!).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /数据比较/ }));
    const dialog = await screen.findByRole('dialog');
    const nameRow = within(dialog).getByText('name').closest('tr')!;
    expect(nameRow).toHaveAttribute('data-changed', 'yes');
    expect(within(nameRow).getByText('安全员')).toBeInTheDocument();
    expect(within(nameRow).getByText('高级安全员')).toBeInTheDocument();
    expect(within(dialog).getByText('code').closest('tr')).toHaveAttribute('data-changed', 'no');
  }, 60_000);
});
