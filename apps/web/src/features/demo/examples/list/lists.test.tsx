// 列表页: the table list queries and pages the real server's positions; the standard, card and search
// lists filter their projects, and what a user does to a row shows.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../components/tree/testing';
import { useRealApi } from '../../../students/backoffice/testing/realApi';
import CardListPage from './CardList.page';
import { SAMPLE_PROJECTS } from './sampleData';
import SearchListPage from './SearchList.page';
import StandardListPage from './StandardList.page';
import TableListPage from './TableList.page';

configure({ asyncUtilTimeout: 15_000 });
const api = useRealApi();

beforeAll(async () => {
  for (let i = 1; i <= 12; i++) {
    const added = await api.call('POST', '/sys/position/add', { code: `EX${String(i).padStart(2, '0')}`, name: `示例职务${i}` });
    expect(added.success).toBe(true);
  }
  expect((await api.call('POST', '/sys/position/add', { code: 'GUARD', name: '保安队长' })).success).toBe(true);
}, 120_000);

const search = (label: string, value: string) => {
  const box = screen.getByLabelText(label);
  fireEvent.change(box, { target: { value } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
};

describe('查询表格 (real server)', () => {
  it('pages the positions and queries them by name', async () => {
    api.signIn([]);
    renderWithProviders(<TableListPage />);
    expect(await screen.findByText(/1-10 共 13 条/)).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText(/11-13 共 13 条/)).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: '职务名称' }), { target: { value: '保安' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText(/1-1 共 1 条/)).toBeInTheDocument();
    expect(screen.getByText('GUARD')).toBeInTheDocument();
    const calls = api.seen.filter((s) => s.path === '/sys/position/list');
    expect(calls.length).toBeGreaterThanOrEqual(3);
    // no add, export or row buttons: the example is read only
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
  }, 120_000);
});

describe('标准列表', () => {
  it('counts by status, filters by status and title, renames and removes a project', async () => {
    renderWithProviders(<StandardListPage />);
    const waiting = SAMPLE_PROJECTS.filter((p) => p.status === 'waiting');
    expect(within(screen.getByText('等待中的项目').closest('.ant-statistic') as HTMLElement).getByText(String(waiting.length))).toBeInTheDocument();
    expect(screen.getByText(`共 ${SAMPLE_PROJECTS.length} 个项目`)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: '等待中' }));
    expect(await screen.findByText(`共 ${waiting.length} 个项目`)).toBeInTheDocument();
    search('按名称搜索', waiting[0].title);
    expect(await screen.findByText('共 1 个项目')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('项目名称'), { target: { value: '改过名字的活动' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    // renamed, it no longer matches the search
    expect(await screen.findByText('共 0 个项目')).toBeInTheDocument();
    search('按名称搜索', '改过名字');
    expect(await screen.findByText('改过名字的活动')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(screen.queryByText('改过名字的活动')).not.toBeInTheDocument());
    expect(within(screen.getByText('等待中的项目').closest('.ant-statistic') as HTMLElement).getByText(String(waiting.length - 1))).toBeInTheDocument();
  }, 60_000);
});

describe('卡片列表', () => {
  it('searches the cards, stars one and opens its details', async () => {
    renderWithProviders(<CardListPage />);
    const drills = SAMPLE_PROJECTS.filter((p) => p.category === '防溺水');
    search('按名称或类别搜索', '防溺水');
    await waitFor(() => expect(document.querySelectorAll('.ant-col .ant-card')).toHaveLength(drills.length));
    const card = screen.getByText(drills[0].title).closest('.ant-card') as HTMLElement;
    const star = within(card).getByRole('button', { name: new RegExp(`收藏 ${drills[0].stars}`) });
    fireEvent.click(star);
    expect(within(card).getByRole('button', { name: new RegExp(`已收藏 ${drills[0].stars + 1}`) })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(card).getByRole('button', { name: '详情' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(drills[0].owner)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    search('按名称或类别搜索', '没有这种活动');
    expect(await screen.findByText('没有符合条件的活动')).toBeInTheDocument();
  }, 60_000);
});

describe('搜索列表', () => {
  it('combines the categories and the owner filter and counts the results', async () => {
    renderWithProviders(<SearchListPage />);
    expect(screen.getByText(`搜索结果（共 ${SAMPLE_PROJECTS.length} 条）`)).toBeInTheDocument();
    const category = (name: string) => {
      const tag = [...document.querySelectorAll<HTMLElement>('.ant-tag-checkable')].find((el) => el.textContent === name);
      if (!tag) throw new Error(`no category ${name}: ${document.querySelector('.ant-tag-checkable')?.outerHTML}`);
      return tag;
    };
    fireEvent.click(category('消防安全'));
    fireEvent.click(category('网络安全'));
    const picked = SAMPLE_PROJECTS.filter((p) => p.category === '消防安全' || p.category === '网络安全');
    expect(await screen.findByText(`搜索结果（共 ${picked.length} 条）`)).toBeInTheDocument();
    const owner = picked[0].owner;
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '负责人' }).closest('.ant-select')!.querySelector('.ant-select-selector')!);
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${owner}"]`);
      if (!found) throw new Error(`no option ${owner}`);
      return found;
    });
    fireEvent.click(option);
    const both = picked.filter((p) => p.owner === owner);
    expect(await screen.findByText(`搜索结果（共 ${both.length} 条）`)).toBeInTheDocument();
    expect(screen.getByText(both[0].title)).toBeInTheDocument();
    search('搜索文章', '不会匹配的词');
    expect(await screen.findByText('没有符合条件的文章')).toBeInTheDocument();
  }, 60_000);
});
