import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../components/tree/testing';
import { NoticeBell } from '../../layouts/header/NoticeBell';
import { useRealApi } from '../students/backoffice/testing/realApi';
import MyAnnouncementsPage from './MyAnnouncements.page';

// The bell and 我的消息 against the real server: announcements released by the administrator, who is
// also one of their recipients (target ALL of the default tenant).
configure({ asyncUtilTimeout: 8000 });
const api = useRealApi();

async function released(titile: string, extra: Record<string, unknown> = {}) {
  expect((await api.call('POST', '/sys/annountCement/add', { titile, msgCategory: '1', msgType: 'ALL', priority: 'H', msgContent: `<p>${titile}的内容</p>`, ...extra })).success).toBe(true);
  const list = await api.call('GET', `/sys/annountCement/list?titile=${encodeURIComponent(titile)}`);
  const id = list.result.records[0].id as string;
  expect((await api.call('GET', `/sys/annountCement/doReleaseData?id=${id}`)).success).toBe(true);
  return id;
}
const badge = () => screen.getByRole('button', { name: '消息通知' });

describe('notice bell (real server)', () => {
  it('counts unread notices, lists them in two tabs, and opening one marks it read', async () => {
    await released('消防演练通知');
    await released('系统升级提醒', { msgCategory: '2', priority: 'L' });
    api.signIn([]);
    renderWithProviders(
      <MemoryRouter>
        <NoticeBell />
      </MemoryRouter>,
    );
    await waitFor(() => expect(within(badge()).getByText('2')).toBeInTheDocument());
    expect(badge()).toHaveAccessibleDescription('2 条未读');
    // the panel is a dialog named as the bell; Esc closes it and gives focus back to the bell
    fireEvent.click(badge());
    expect(await screen.findByText('通知(1)')).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog', { name: '消息通知' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: '消息通知' })).not.toBeInTheDocument();
    expect(badge()).toHaveFocus();
    fireEvent.click(badge());
    expect(await screen.findByText('通知(1)')).toBeInTheDocument();
    expect(screen.getByText('系统消息(1)')).toBeInTheDocument();
    fireEvent.click(await screen.findByText('消防演练通知'));
    // the detail opens with the content, and the count drops once the server has it read
    expect(await screen.findByText('消防演练通知的内容')).toBeInTheDocument();
    await waitFor(() => expect(within(badge()).getByText('1')).toBeInTheDocument());
    expect((await api.call('GET', '/sys/annountCement/getUnreadMessageCount')).result.count).toBe(1);
  }, 30_000);
});

describe('我的消息 page (real server)', () => {
  it('shows read and unread, searches by title, opens one and marks all read', async () => {
    await released('防溺水安全教育');
    api.signIn([]);
    renderWithProviders(
      <MemoryRouter>
        <MyAnnouncementsPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('防溺水安全教育')).toBeInTheDocument();
    // 消防演练通知 was read in the bell test: the rest are unread
    // the row of the table (the detail dialog shows the title too)
    const row = (title: string) => screen.getAllByText(title).map((e) => e.closest('tr')).find(Boolean)!;
    expect(within(row('消防演练通知')).getByText('已读')).toBeInTheDocument();
    expect(within(row('防溺水安全教育')).getByText('未读')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '防溺水' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(screen.queryByText('消防演练通知')).not.toBeInTheDocument());
    fireEvent.click(within(row('防溺水安全教育')).getByText('查看'));
    expect(await screen.findByText('防溺水安全教育的内容')).toBeInTheDocument();
    await waitFor(() => expect(within(row('防溺水安全教育')).getByText('已读')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));

    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(await screen.findByText('系统升级提醒')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '全部标注已读' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(within(row('系统升级提醒')).getByText('已读')).toBeInTheDocument());
    expect((await api.call('GET', '/sys/annountCement/getUnreadMessageCount')).result.count).toBe(0);
  }, 60_000);
});
