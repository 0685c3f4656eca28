import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { button, choose, dialog, okOf } from '../../../components/pickers/testing';
import { renderWithProviders } from '../../../components/tree/testing';
import { bodyRows, cellOf } from '../../../components/editable-grid/testing';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import GraphreportChartPage from './GraphreportChart.page';
import GraphreportListPage from './GraphreportList.page';

// Online图表 against the real server: a chart defined in the editor (SQL parsed into fields and a
// parameter, x and y fields, bar and pie with a data table), saved, opened through 功能测试 with its figures
// as the server computes them, then narrowed by its query form.
configure({ asyncUtilTimeout: 10_000 });
const api = useRealApi();
const CODES = ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'].map((a) => `online:graphreport:${a}`);

const SQL =
  "select d.dict_code as code, count(i.id) as items from sys_dict d join sys_dict_item i on i.dict_id = d.id where d.dict_code in (${first}, 'yn', 'priority') group by d.dict_code order by d.dict_code";

function render() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/online/graphreport']}>
      <Routes>
        <Route path="/online/graphreport" element={<GraphreportListPage />} />
        <Route path="/online/graphreport/chart/:id" element={<GraphreportChartPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const gridInput = (grid: HTMLElement, row: number, key: string) => cellOf(grid, row, key).querySelector('input') as HTMLInputElement;

describe('Online图表 (real server)', () => {
  it('defines a chart from its SQL, opens it with the server’s figures and narrows it with the query form', async () => {
    // report SQL reads only the allow-list's tables (表白名单)
    for (const [tableName, fieldName] of [['sys_dict', 'id,dict_code,dict_name'], ['sys_dict_item', 'id,dict_id']]) expect((await api.call('POST', '/sys/tableWhiteList/add', { tableName, fieldName })).success).toBe(true);
    api.signIn(CODES);
    render();
    fireEvent.click(await waitFor(() => button(document.body, '新增')));
    const form = await waitFor(() => dialog('新增图表'));
    fireEvent.change(within(form).getByLabelText('图表名称'), { target: { value: '字典条目' } });
    fireEvent.change(within(form).getByLabelText('编码'), { target: { value: 'dict_items_chart' } });
    fireEvent.change(within(form).getByLabelText('查询SQL'), { target: { value: SQL } });
    fireEvent.click(button(form, 'SQL解析'));

    const fieldsPane = await waitFor(() => {
      const pane = form.querySelector('.ant-tabs-tabpane-active') as HTMLElement;
      expect(bodyRows(pane)).toHaveLength(2);
      return pane;
    });
    expect([0, 1].map((i) => gridInput(fieldsPane, i, 'fieldName').value)).toEqual(['code', 'items']);
    fireEvent.change(gridInput(fieldsPane, 0, 'fieldTxt'), { target: { value: '字典编码' } });
    fireEvent.change(gridInput(fieldsPane, 1, 'fieldTxt'), { target: { value: '条目数' } });
    fireEvent.click(cellOf(fieldsPane, 0, 'searchFlag').querySelector('input[type="checkbox"]')!);
    fireEvent.click(cellOf(fieldsPane, 1, 'isTotal').querySelector('input[type="checkbox"]')!);

    fireEvent.click(within(form).getByRole('tab', { name: '图表参数' }));
    const paramsPane = form.querySelector('.ant-tabs-tabpane-active') as HTMLElement;
    await waitFor(() => expect(bodyRows(paramsPane)).toHaveLength(1));
    fireEvent.change(gridInput(paramsPane, 0, 'paramValue'), { target: { value: 'sex' } });

    await choose(form, 'X轴字段', '字典编码（code）');
    await choose(form, 'Y轴字段', '条目数（items）');
    await choose(form, '图表类型', '饼图');
    await choose(form, '图表类型', '数据表格');
    fireEvent.click(okOf(form));

    const row = await waitFor(() => screen.getByText('dict_items_chart').closest('tr') as HTMLElement);
    const saved = api.seen.find((s) => s.path === '/online/graphreport/head/add')?.body as any;
    expect(saved).toMatchObject({ code: 'dict_items_chart', xaxisField: 'code', yaxisField: 'items', graphType: 'bar,pie,table', dataType: 'sql' });
    expect(saved.paramsList).toEqual([expect.objectContaining({ paramName: 'first', paramValue: 'sex' })]);

    // what the server computes, to compare with the page
    const id = (await api.call('GET', '/online/graphreport/head/list?code=dict_items_chart')).result.records[0].id;
    const server = (await api.call('GET', `/online/graphreport/api/getChartsData?id=${id}`)).result;
    expect(server.data.map((r: any) => r.code)).toEqual(['priority', 'sex', 'yn']);
    const count = (code: string) => Number(server.data.find((r: any) => r.code === code).items);
    const total = ['priority', 'sex', 'yn'].reduce((n, c) => n + count(c), 0);

    fireEvent.click(within(row).getByText('功能测试'));
    const card = await waitFor(() => screen.getByText('字典条目', { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement);
    expect(await within(card).findByRole('img', { name: '字典条目柱状图图表' }, { timeout: 30_000 })).toBeInTheDocument();
    expect(within(card).getByText(/条目数：/).textContent).toBe(`条目数：priority ${count('priority')}，sex ${count('sex')}，yn ${count('yn')}`);
    const details = screen.getByText('数据明细', { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
    const totalRow = within(details).getByText('总计').closest('tr') as HTMLElement;
    expect(within(totalRow).getByText(String(total))).toBeInTheDocument();

    // the query form narrows the chart and the rows
    fireEvent.change(screen.getByLabelText('字典编码'), { target: { value: 'yn' } });
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() => expect(within(card).getByText(/条目数：/).textContent).toBe(`条目数：yn ${count('yn')}`));
    expect(within(details).queryByText('priority')).not.toBeInTheDocument();
  }, 90_000);

  it('takes its parameters from the address and lays the charts out in two columns', async () => {
    const added = await api.call('POST', '/online/graphreport/head/add', {
      name: '参数图表',
      code: 'param_chart',
      cgrSql: SQL,
      xaxisField: 'code',
      yaxisField: 'items',
      graphType: 'bar,line',
      displayTemplate: 'double',
      onlGraphreportItemList: [
        { fieldName: 'code', fieldTxt: '编码', isShow: 'Y' },
        { fieldName: 'items', fieldTxt: '条目', fieldType: 'Integer', isShow: 'Y' },
      ],
      paramsList: [{ paramName: 'first', paramTxt: '第一个', paramValue: 'sex' }],
    });
    expect(added.success, added.message).toBe(true);
    api.signIn(CODES);
    renderWithProviders(
      <MemoryRouter initialEntries={[`/online/graphreport/chart/${added.result}?first=yn`]}>
        <Routes>
          <Route path="/online/graphreport/chart/:id" element={<GraphreportChartPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const card = await waitFor(() => screen.getByText('参数图表', { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement);
    // both charts side by side, without tabs; the address's value replaces the default (sex is gone)
    expect(await within(card).findByRole('img', { name: '参数图表柱状图图表' }, { timeout: 30_000 })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '参数图表折线图图表' })).toBeInTheDocument();
    expect(card.querySelector('.ant-tabs')).toBeNull();
    const captions = within(card).getAllByText(/条目：/).map((e) => e.textContent);
    expect(captions).toHaveLength(2);
    for (const c of captions) expect(c).toMatch(/^条目：priority \d+，yn \d+$/);
  }, 60_000);
});
