// 评论 in a record's 详情 on a generated page, against the real server: a comment written with an @name and
// a file, listed with its author; a reply names whom it answers; the author deletes their comment.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dialog } from '../../../components/pickers/testing';
import { renderWithProviders } from '../../../components/tree/testing';
import { setUserInfo } from '../../../lib/session/store';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import OnlineAutoListPage from '../cgform/OnlineAutoList.page';
import { defineSyncedForm, formField } from '../cgform/testing';

configure({ asyncUtilTimeout: 30_000 });
const api = useRealApi();

describe('评论 of a record (real server)', () => {
  it('writes a comment with a file in 详情, replies to it, and deletes it', async () => {
    const headId = await defineSyncedForm(api, { tableName: 'demo_issue', tableTxt: '问题', tableType: 1 }, [formField('id', '主键'), formField('title', '标题')]);
    expect((await api.call('POST', `/online/cgform/api/form/${headId}?tabletype=1`, { title: '楼道灯不亮' })).success).toBe(true);

    api.signIn(['online:form:demo_issue:list']);
    setUserInfo({ id: api.adminId, username: 'admin', realname: '管理员' });
    renderWithProviders(
      <MemoryRouter initialEntries={[`/online/cgformList/${headId}`]}>
        <OnlineAutoListPage />
      </MemoryRouter>,
    );
    const row = await waitFor(() => screen.getByText('楼道灯不亮').closest('tr') as HTMLElement);
    fireEvent.click(within(row).getByText('详情'));
    const detail = await waitFor(() => dialog('问题 详情'));
    await within(detail).findByText('暂无评论');

    fireEvent.change(within(detail).getByLabelText('评论内容'), { target: { value: '@admin 请安排电工' } });
    const input = detail.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['三楼东侧'], '位置.txt', { type: 'text/plain' })] } });
    await within(detail).findByText('位置.txt');
    fireEvent.click(within(detail).getByText('发表评论'));
    const item = await waitFor(() => {
      const li = detail.querySelector('li[data-comment]') as HTMLElement;
      expect(li).toBeTruthy();
      expect(within(li).getByText('@admin')).toBeInTheDocument();
      return li;
    });
    expect(within(item).getByText('位置.txt')).toBeInTheDocument();
    expect(within(detail).getByText('评论（1）')).toBeInTheDocument();

    api.advanceClock(1000);
    fireEvent.click(within(item).getByText('回复'));
    fireEvent.change(within(detail).getByLabelText('评论内容'), { target: { value: '已安排' } });
    fireEvent.click(within(detail).getByText('发表评论'));
    await waitFor(() => expect(detail.querySelectorAll('li[data-comment]')).toHaveLength(2));
    const reply = detail.querySelectorAll('li[data-comment]')[1] as HTMLElement;
    expect(within(reply).getByText(/^回复 /)).toBeInTheDocument();

    fireEvent.click(within(reply).getByLabelText('删除评论'));
    fireEvent.click(within(document.querySelector('.ant-popover:not(.ant-popover-hidden)') as HTMLElement).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(detail.querySelectorAll('li[data-comment]')).toHaveLength(1));
    const dataId = (await api.call('GET', `/online/cgform/api/getData/${headId}`)).result.records[0].id;
    const stored = await api.call('GET', `/sys/comment/listByForm?tableName=demo_issue&tableDataId=${dataId}`);
    expect(stored.result.records.map((c: { commentContent: string }) => c.commentContent)).toEqual(['@admin 请安排电工']);
  }, 60_000);
});
