import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../components/tree/testing';
import { chooseLabelled, formItem, typeInto } from '../testing/form';
import { useRealApi } from '../testing/realApi';
import CompetitionTeamPersonListPage from '../competitionTeamPerson/CompetitionTeamPersonList.page';
import CompetitionTeamListPage from './CompetitionTeamList.page';

// real server and antd on a busy two-core machine: allow slow answers before failing
configure({ asyncUtilTimeout: 15_000 });
const api = useRealApi();

const PERMS = ['list', 'add', 'edit', 'delete', 'score'].map((a) => `students:competitionTeam:${a}`);
const dialogTitled = (title: string) => screen.getAllByRole('dialog').find((d) => within(d).queryByText(title))!;

describe('竞赛队伍 page (real server)', () => {
  it('forms a team of two with a captain, then gives the captain points: the team score follows', async () => {
    const ming = await api.addUser('xiaoming');
    const hong = await api.addUser('xiaohong');
    api.signIn(PERMS);
    renderWithProviders(<CompetitionTeamListPage />);
    fireEvent.click(await screen.findByText(/^新\s*增$/));
    await screen.findByText('新增竞赛队伍');
    const dialog = dialogTitled('新增竞赛队伍');
    typeInto(dialog, '队伍名称', '闪电队');
    fireEvent.click(within(formItem(dialog, '队员')).getByRole('button', { name: /选\s*择/ }));
    await screen.findByText('选择用户');
    const picker = dialogTitled('选择用户');
    // username and realname are the same here: click the row by either
    fireEvent.click((await within(picker).findAllByText('xiaoming'))[0]);
    fireEvent.click(within(picker).getAllByText('xiaohong')[0]);
    fireEvent.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    // two members and no captain yet: the rule asks for one
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('队伍必须有且只有一名队长')).toBeInTheDocument();
    await chooseLabelled(dialog, '队长', 'xiaohong');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: '闪电队' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: '2' })).toBeInTheDocument();

    fireEvent.click(within(row).getByText('加分'));
    await screen.findByText('加分：闪电队');
    const scoring = dialogTitled('加分：闪电队');
    // the members arrive with the team's detail; the open list shows them when they do
    fireEvent.mouseDown(formItem(scoring, '加给').querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByText('xiaohong（队长）', { selector: '.ant-select-item-option-content' }));
    typeInto(scoring, '分数', '15');
    typeInto(scoring, '原因', '知识竞赛第一名');
    fireEvent.click(within(scoring).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('加分成功！')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('cell', { name: '闪电队' }).closest('tr')!).getByRole('cell', { name: '15' })).toBeInTheDocument());

    const team = (await api.call('GET', '/students/competitionTeam/list?pageNo=1&pageSize=10')).result.records[0];
    const detail = (await api.call('GET', `/students/competitionTeam/queryById?id=${team.id}`)).result;
    expect(detail.members.map((m: { userId: string; memberRole: string; score: number }) => [m.userId, m.memberRole, m.score])).toEqual([
      [hong, 'captain', 15],
      [ming, 'member', 0],
    ]);
  }, 120_000);

  it('队员成绩 lists every member with the team, the role and the points (after the team above), list and export only', async () => {
    api.signIn(['students:competitionTeamPerson:list', 'students:competitionTeamPerson:exportXls']);
    renderWithProviders(<CompetitionTeamPersonListPage />);
    const captain = (await screen.findByRole('cell', { name: 'xiaohong' })).closest('tr')!;
    expect(within(captain).getByRole('cell', { name: '闪电队' })).toBeInTheDocument();
    expect(within(captain).getByRole('cell', { name: '队长' })).toBeInTheDocument();
    expect(within(captain).getByRole('cell', { name: '15' })).toBeInTheDocument();
    const member = screen.getByRole('cell', { name: 'xiaoming' }).closest('tr')!;
    expect(within(member).getByRole('cell', { name: '队员' })).toBeInTheDocument();
    expect(within(member).getByRole('cell', { name: '0' })).toBeInTheDocument();
    expect(screen.getByText(/^导\s*出$/)).toBeInTheDocument();
    expect(screen.queryByText(/^新\s*增$/)).not.toBeInTheDocument();
    expect(screen.queryByText('操作')).not.toBeInTheDocument();
  }, 60_000);
});
