import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { bodyRows, cellOf } from '../../../components/editable-grid/testing';
import { button, choose, dialog, okOf } from '../../../components/pickers/testing';
import { renderWithProviders } from '../../../components/tree/testing';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import CgreportListPage from './CgreportList.page';
import ReportViewPage from './ReportView.page';

// Online报表配置 and a report's page against the real server: a report defined in the editor (SQL parsed
// into columns, a total column, a bar chart), saved, opened, queried, with its 合计 row and chart.
configure({ asyncUtilTimeout: 10_000 });
const api = useRealApi();
const CODES = ['list', 'add', 'edit', 'delete', 'deleteBatch'].map((a) => `online:cgreport:${a}`);

const SQL =
  'select d.dict_code as code, d.dict_name as name, count(i.id) as items from sys_dict d join sys_dict_item i on i.dict_id = d.id where d.dict_code in (${codes1}, ${codes2}, \'priority\') group by d.dict_code, d.dict_name';

function render() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/online/cgreport']}>
      <Routes>
        <Route path="/online/cgreport" element={<CgreportListPage />} />
        <Route path="/online/cgreport/:id" element={<ReportViewPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const gridInput = (grid: HTMLElement, row: number, key: string) => cellOf(grid, row, key).querySelector('input') as HTMLInputElement;

describe('Online报表配置 (real server)', () => {
  it('defines a report, parses its SQL, saves it, and opens its page with the query form, 合计 row and chart', async () => {
    // report SQL reads only the allow-list's tables (表白名单)
    for (const [tableName, fieldName] of [['sys_dict', 'id,dict_code,dict_name'], ['sys_dict_item', 'id,dict_id']]) expect((await api.call('POST', '/sys/tableWhiteList/add', { tableName, fieldName })).success).toBe(true);
    api.signIn(CODES);
    render();
    fireEvent.click(await waitFor(() => button(document.body, '新增')));
    const form = await waitFor(() => dialog('新增报表'));
    fireEvent.change(within(form).getByLabelText('报表编码'), { target: { value: 'dict_sizes' } });
    fireEvent.change(within(form).getByLabelText('报表名字'), { target: { value: '字典规模' } });
    fireEvent.change(within(form).getByLabelText('报表SQL'), { target: { value: SQL } });
    fireEvent.click(button(form, 'SQL解析'));

    // the columns of the SELECT fill the grid; its parameters the other grid
    const itemsPane = await waitFor(() => {
      const pane = form.querySelector('.ant-tabs-tabpane-active') as HTMLElement;
      expect(bodyRows(pane)).toHaveLength(3);
      return pane;
    });
    expect([0, 1, 2].map((i) => gridInput(itemsPane, i, 'fieldName').value)).toEqual(['code', 'name', 'items']);
    expect(api.seen.find((s) => s.path.startsWith('/online/cgreport/head/parseSql'))).toBeTruthy();
    // 编码 searchable, 条目数 a total column with its own title
    fireEvent.change(gridInput(itemsPane, 0, 'fieldTxt'), { target: { value: '字典编码' } });
    fireEvent.change(gridInput(itemsPane, 2, 'fieldTxt'), { target: { value: '条目数' } });
    fireEvent.click(cellOf(itemsPane, 0, 'isSearch').querySelector('input[type="checkbox"]')!);
    fireEvent.click(cellOf(itemsPane, 2, 'isTotal').querySelector('input[type="checkbox"]')!);

    fireEvent.click(within(form).getByRole('tab', { name: '报表参数' }));
    const paramsPane = form.querySelector('.ant-tabs-tabpane-active') as HTMLElement;
    await waitFor(() => expect(bodyRows(paramsPane)).toHaveLength(2));
    fireEvent.change(gridInput(paramsPane, 0, 'paramValue'), { target: { value: 'sex' } });
    fireEvent.change(gridInput(paramsPane, 1, 'paramValue'), { target: { value: 'yn' } });

    fireEvent.click(within(form).getByRole('tab', { name: '图表' }));
    await choose(form, '图表类型', '柱状图');
    await choose(form, '分类字段', '字典编码（code）');
    await choose(form, '数值字段', '条目数（items）');

    fireEvent.click(okOf(form));
    const row = await waitFor(() => screen.getByText('dict_sizes').closest('tr') as HTMLElement);
    expect(within(row).getByText('字典规模')).toBeInTheDocument();
    const saved = api.seen.find((s) => s.path === '/online/cgreport/head/add')?.body as any;
    expect(saved.head).toMatchObject({ code: 'dict_sizes', chartType: 'bar', chartFieldX: 'code', chartFieldsY: 'items' });
    expect(saved.items.map((i: any) => [i.fieldName, i.isSearch, i.isTotal])).toEqual([
      ['code', '1', '0'],
      ['name', '0', '0'],
      ['items', '0', '1'],
    ]);

    // what the server holds, to compare with the page
    const all = await api.call('GET', `/online/cgreport/api/getData/${(await api.call('GET', '/online/cgreport/head/list?code=dict_sizes')).result.records[0].id}?pageSize=50`);
    expect(all.result.records.map((r: any) => r.code).sort()).toEqual(['priority', 'sex', 'yn']);
    const sum = all.result.records.reduce((n: number, r: any) => n + Number(r.items), 0);

    fireEvent.click(within(row).getByText('查看报表'));
    const card = await waitFor(() => screen.getByText('字典规模', { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement);
    const totalRow = await waitFor(() => within(card).getByText('合计').closest('tr') as HTMLElement);
    expect(within(totalRow).getByText(String(sum))).toBeInTheDocument();
    // the chart comes with its own call, after the table's
    expect(await within(card).findByRole('img', { name: '字典规模图表' }, { timeout: 30_000 })).toBeInTheDocument();
    expect(within(card).getByText(/条目数：/).textContent).toContain('sex');

    // the query form narrows the rows, the totals and the chart
    fireEvent.change(card.querySelector('input[aria-label="字典编码"]')!, { target: { value: 'sex' } });
    fireEvent.click(button(card, '查询'));
    await waitFor(() => expect(within(card).queryByText('priority')).not.toBeInTheDocument());
    const sexItems = all.result.records.find((r: any) => r.code === 'sex').items;
    await waitFor(() => expect(within(within(card).getByText('合计').closest('tr') as HTMLElement).getByText(String(sexItems))).toBeInTheDocument());
    await waitFor(() => expect(within(card).getByText(/条目数：/).textContent).not.toContain('priority'), { timeout: 30_000 });
  }, 90_000);
});
