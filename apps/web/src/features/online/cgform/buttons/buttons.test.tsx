// 自定义按钮 and 从数据库导入 against the real server: a button defined in the designer's dialog, used on
// the generated page (an update on the selected row only, a row link), and a database table turned into a
// form from the designer's list.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { button, choose, dialog, okOf } from '../../../../components/pickers/testing';
import { renderWithProviders } from '../../../../components/tree/testing';
import { useRealApi } from '../../../students/backoffice/testing/realApi';
import CgformListPage from '../CgformList.page';
import OnlineAutoListPage from '../OnlineAutoList.page';
import { DESIGNER_CODES, defineSyncedForm, formField } from '../testing';

configure({ asyncUtilTimeout: 30_000 });
const api = useRealApi();

const defineForm = (tableName: string) =>
  defineSyncedForm(api, { tableName, tableTxt: '工单', tableType: 1 }, [formField('id', '主键'), formField('title', '标题'), formField('status', '状态')]);

async function openMore(host: HTMLElement, label: string) {
  fireEvent.click(within(host).getByText('更多'));
  const item = await waitFor(() => {
    const hit = [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')].find((e) => e.textContent === label);
    if (!hit) throw new Error(`no ${label}`);
    return hit as HTMLElement;
  });
  fireEvent.click(item);
}

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

describe('自定义按钮 and 从数据库导入 (real server)', () => {
  it('defines an update button in the designer’s dialog', async () => {
    const id = await defineForm('demo_ticket');
    api.signIn(DESIGNER_CODES);
    renderWithProviders(
      <MemoryRouter>
        <CgformListPage />
      </MemoryRouter>,
    );
    await openMore(await waitFor(() => screen.getByText('demo_ticket').closest('tr') as HTMLElement), '自定义按钮');
    const buttons = await waitFor(() => dialog('自定义按钮：工单（demo_ticket）'));
    fireEvent.click(await waitFor(() => button(buttons, '新增')));
    const form = await waitFor(() => dialog('新增按钮'));
    fireEvent.change(within(form).getByLabelText('按钮编码'), { target: { value: 'close' } });
    fireEvent.change(within(form).getByLabelText('按钮名称'), { target: { value: '关闭工单' } });
    await choose(form, '按钮样式', '列表上方（button）');
    fireEvent.click(within(form).getByLabelText('更新字段'));
    fireEvent.click(await waitFor(() => button(form, '添加字段')));
    await choose(form, '更新的字段', '状态（status）');
    fireEvent.change(within(form).getByLabelText('更新的值'), { target: { value: 'closed' } });
    fireEvent.click(okOf(form));
    await waitFor(() => expect(within(buttons).getByText('关闭工单')).toBeInTheDocument());
    const stored = (await api.call('GET', `/online/cgform/button/list/${id}`)).result.records;
    expect(stored).toEqual([expect.objectContaining({ buttonCode: 'close', buttonStyle: 'button', optType: 'update', updateValues: { status: 'closed' } })]);
  });

  it('runs an update button on the selected row only, and a row link opens the address built from the row', async () => {
    const id = await defineForm('demo_issue');
    for (const b of [
      { buttonCode: 'close', buttonName: '关闭工单', buttonStyle: 'button', optType: 'update', updateValues: { status: 'closed' } },
      { buttonCode: 'lookup', buttonName: '查看相似', buttonStyle: 'link', optType: 'link', linkUrl: '/search?q=${title}', exp: 'status#ne#closed' },
    ]) {
      expect((await api.call('POST', '/online/cgform/button/add', { cgformHeadId: id, ...b })).success).toBe(true);
    }
    for (const title of ['打印机坏了', '网络慢']) await api.call('POST', `/online/cgform/api/form/${id}`, { title, status: 'open' });
    api.signIn([...['list', 'add', 'edit', 'delete'].map((a) => `online:form:demo_issue:${a}`), 'online:form:demo_issue:btn:close', 'online:form:demo_issue:btn:lookup']);
    renderWithProviders(
      <MemoryRouter initialEntries={[`/online/cgformList/${id}`]}>
        <Routes>
          <Route path="/online/cgformList/:id" element={<OnlineAutoListPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    const printer = await waitFor(() => screen.getByText('打印机坏了').closest('tr') as HTMLElement);
    fireEvent.click(printer.querySelector('input[type="checkbox"]')!);
    fireEvent.click(button(document.body, '关闭工单'));
    const confirm = await waitFor(() => {
      const modal = document.querySelector('.ant-modal-confirm');
      if (!modal) throw new Error('no confirmation');
      return modal as HTMLElement;
    });
    expect(confirm.textContent).toContain('确定对选中的 1 条记录执行“关闭工单”吗？');
    fireEvent.click(okOf(confirm));
    await waitFor(async () => {
      const rows = (await api.call('GET', `/online/cgform/api/getData/${id}?pageSize=10`)).result.records;
      expect(rows.map((r: any) => [r.title, r.status]).sort()).toEqual([
        ['打印机坏了', 'closed'],
        ['网络慢', 'open'],
      ]);
    });
    // the link shows only on rows its expression allows (status not closed)
    await waitFor(() => expect(within(screen.getByText('打印机坏了').closest('tr') as HTMLElement).queryByText('查看相似')).not.toBeInTheDocument());
    fireEvent.click(within(screen.getByText('网络慢').closest('tr') as HTMLElement).getByText('查看相似'));
    expect((await screen.findByTestId('where')).textContent).toBe(`/search?q=${encodeURIComponent('网络慢')}`);
  });

  it('turns a database table into a synced form; system tables are not offered', async () => {
    const db = api.db() as any;
    await db.schema.createTable('ext_parts').addColumn('id', 'varchar(32)', (c: any) => c.primaryKey()).addColumn('part_name', 'varchar(50)').execute();
    api.signIn(DESIGNER_CODES);
    renderWithProviders(
      <MemoryRouter>
        <CgformListPage />
      </MemoryRouter>,
    );
    fireEvent.click(await waitFor(() => button(document.body, '从数据库导入')));
    const pick = await waitFor(() => dialog('从数据库导入表单'));
    const parts = await waitFor(() => within(pick).getByText('ext_parts').closest('tr') as HTMLElement);
    expect(within(pick).queryByText('sys_user')).not.toBeInTheDocument();
    expect(within(pick).queryByText('onl_cgform_head')).not.toBeInTheDocument();
    fireEvent.click(parts.querySelector('input[type="checkbox"]')!);
    fireEvent.click(button(pick, '生成表单'));
    await waitFor(async () => {
      const answer = await api.call('GET', '/online/cgform/head/list?tableName=ext_parts');
      expect(answer.result.records).toEqual([expect.objectContaining({ tableName: 'ext_parts', isDbSynch: 'Y' })]);
    });
    // the designer's list shows the new form, synced
    await waitFor(() => {
      const rows = screen.getAllByText('ext_parts', { selector: 'td' }).map((td) => td.closest('tr') as HTMLElement);
      expect(rows.some((r) => within(r).queryByText('已同步'))).toBe(true);
    });
  });
});
