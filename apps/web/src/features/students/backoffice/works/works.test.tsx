import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../components/tree/testing';
import { formItem, typeInto } from '../testing/form';
import { useRealApi } from '../testing/realApi';
import WorksListPage from './WorksList.page';

// real server and antd on a busy two-core machine: allow slow answers before failing
configure({ asyncUtilTimeout: 15_000 });
const api = useRealApi();

const dialogTitled = (title: string) => screen.getAllByRole('dialog').find((d) => within(d).queryByText(title))!;

describe('学生作品 page (real server)', () => {
  it('审核 passes a work with an award and a comment; the 审核 link needs its own button code', async () => {
    const author = await api.addUser('xiaoli');
    expect((await api.call('POST', '/students/works/add', { title: '我的安全手抄报', authorId: author, files: 'students/poster-a.png,students/poster-b.png' })).success).toBe(true);

    api.signIn(['students:works:list', 'students:works:edit']);
    const first = renderWithProviders(<WorksListPage />);
    const row0 = (await screen.findByRole('cell', { name: '我的安全手抄报' })).closest('tr')!;
    expect(within(row0).getByRole('cell', { name: 'xiaoli' })).toBeInTheDocument();
    expect(within(row0).getByRole('cell', { name: '待审核' })).toBeInTheDocument();
    expect(within(row0).queryByText('审核')).not.toBeInTheDocument();
    first.unmount();

    api.signIn(['students:works:list', 'students:works:review']);
    renderWithProviders(<WorksListPage />);
    const row = (await screen.findByRole('cell', { name: '我的安全手抄报' })).closest('tr')!;
    fireEvent.click(within(row).getByText('审核'));
    await screen.findByText('审核：我的安全手抄报');
    const dialog = dialogTitled('审核：我的安全手抄报');
    // passing is proposed first; the award list opens with it
    fireEvent.mouseDown(formItem(dialog, '奖项').querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByText('一等奖', { selector: '.ant-select-item-option-content' }));
    typeInto(dialog, '审核意见', '画面清楚，提醒到位');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('审核成功！')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('cell', { name: '我的安全手抄报' }).closest('tr')!).getByRole('cell', { name: '一等奖' })).toBeInTheDocument());

    const saved = (await api.call('GET', '/students/works/list?pageNo=1&pageSize=10')).result.records[0];
    expect(saved).toMatchObject({ reviewStatus: '1', award: '1', reviewComment: '画面清楚，提醒到位', reviewedBy: 'admin' });
  }, 120_000);
});
