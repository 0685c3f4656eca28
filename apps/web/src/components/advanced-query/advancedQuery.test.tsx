import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { destroyNotices } from '../../lib/notices';
import { AdvancedQuery } from './AdvancedQuery';
import { flattenFields, isEmptyQuery, savedKey, toEmitted, withRule } from './rules';
import type { SuperQueryField } from './types';

// antd renders slowly in jsdom on a busy machine: give async queries more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

const FIELDS: SuperQueryField[] = [
  { value: 'code', text: '职务编码', type: 'string' },
  { value: 'name', text: '职务名称', type: 'string' },
  { value: 'postRank', text: '职级', type: 'string', options: [{ value: '1', text: '员级' }, { value: '2', text: '助级' }] },
  { value: 'sortNo', text: '排序', type: 'int', dbType: 'int' },
];
const CODE = 'positionTest';

afterEach(async () => {
  await destroyNotices();
  localStorage.clear();
});

function renderQuery() {
  const onSearch = vi.fn();
  render(<AdvancedQuery fields={FIELDS} saveCode={CODE} onSearch={onSearch} />);
  fireEvent.click(screen.getByText('高级查询'));
  return onSearch;
}

/** aria-label lookups by selector: role/label queries are slow over antd's large DOM. */
const byLabel = (scope: ParentNode, label: string) => scope.querySelector(`[aria-label="${label}"]`) as HTMLElement;
const lines = () => screen.getAllByTestId('super-query-line');

/** Opens an antd Select (by its aria-label inside `scope`) and clicks the option titled `option`. */
async function choose(scope: HTMLElement, label: string, option: string) {
  const input = byLabel(scope, label);
  fireEvent.mouseDown(input.closest('.ant-select')!.querySelector('.ant-select-selector')!);
  const items = await screen.findAllByTitle(option);
  // Several dropdowns stay in the DOM; the open one holds the option to click.
  const open = items.filter((el) => el.classList.contains('ant-select-item-option') && !el.closest('.ant-select-dropdown-hidden'));
  fireEvent.click(open.at(-1) ?? items[0]);
}

const clickText = (re: RegExp | string) => fireEvent.click(screen.getByText(re));

async function fillNameLike(value: string) {
  const line = lines()[0];
  await choose(line, '查询字段', '职务名称');
  await choose(line, '匹配规则', '包含');
  fireEvent.change(byLabel(line, '查询值'), { target: { value } });
}

describe('AdvancedQuery rules', () => {
  it('groups become parent-child labels and parent,child values unless only the field name is asked for', () => {
    const grouped = flattenFields([{ value: 'order', text: '订单', children: [{ value: 'no', text: '单号' }] }, { value: 'item', text: '明细', onlyFieldName: true, children: [{ value: 'qty', text: '数量' }] }]);
    expect(grouped.map((f) => [f.text, f.value])).toEqual([
      ['订单-单号', 'order,no'],
      ['明细-数量', 'qty'],
    ]);
  });

  it("'in' keeps several values; switching away keeps the first; arrays are joined and empty lines stripped", () => {
    const line = { key: 'a', field: 'postRank', rule: 'in' as const, val: ['1', '2'], type: 'string' };
    expect(toEmitted([line, { key: 'b', field: 'name', rule: 'eq' }])).toEqual([{ field: 'postRank', rule: 'in', val: '1,2', type: 'string' }]);
    expect(withRule(line, 'eq').val).toBe('1');
    expect(isEmptyQuery([{ key: 'c', field: 'name', rule: 'eq', val: '' }])).toBe(true);
    expect(isEmptyQuery([])).toBe(true);
  });
});

describe('AdvancedQuery', () => {
  it('opens a 1000-wide builder; querying an empty condition warns 不能查询空条件', async () => {
    const onSearch = renderQuery();
    expect(await screen.findByText('高级查询构造器')).toBeInTheDocument();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('1000px');
    clickText(/^查\s*询$/);
    expect(await screen.findByText('不能查询空条件')).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('emits the conditions as JSON with the match type and marks the button active; reset emits empty', async () => {
    const onSearch = renderQuery();
    await fillNameLike('主管');
    fireEvent.click(byLabel(lines()[0], '添加条件'));
    const second = lines()[1];
    await choose(second, '查询字段', '排序');
    await choose(second, '匹配规则', '大于等于');
    fireEvent.change(byLabel(second, '查询值'), { target: { value: '3' } });
    await choose(screen.getByText('过滤条件匹配：').parentElement!.parentElement!, '匹配方式', 'OR（条件中的任意一个匹配）');
    clickText(/^查\s*询$/);
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    const [params, matchType] = onSearch.mock.calls[0];
    expect(JSON.parse(params)).toEqual([
      { field: 'name', rule: 'like', val: '主管', type: 'string' },
      { field: 'sortNo', rule: 'ge', val: '3', type: 'int', dbType: 'int' },
    ]);
    expect(matchType).toBe('or');
    expect(screen.getByText('高级查询').closest('button')).toHaveAttribute('title', '已有高级查询条件生效');

    fireEvent.click(screen.getByText('高级查询'));
    clickText(/^重\s*置$/);
    expect(onSearch).toHaveBeenLastCalledWith('', 'or');
    expect(screen.getByText('没有任何查询条件')).toBeInTheDocument();
    expect(screen.getByText('高级查询').closest('button')).not.toHaveAttribute('title');
  }, 60_000);

  it('saving: empty conditions, empty name, success, overwrite confirm, delete confirm', async () => {
    renderQuery();
    clickText('保存查询条件');
    expect(await screen.findByText('空条件不能保存')).toBeInTheDocument();

    await fillNameLike('经理');
    clickText('保存查询条件');
    const nameInput = await screen.findByLabelText('保存名称');
    const nameDialog = nameInput.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(nameDialog).getByText(/^确\s*定$/));
    expect(await screen.findByText('保存名称不能为空')).toBeInTheDocument();

    fireEvent.change(nameInput, { target: { value: '我的查询' } });
    fireEvent.click(within(nameDialog).getByText(/^确\s*定$/));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(savedKey(CODE))!);
    expect(stored).toEqual([{ title: '我的查询', matchType: 'and', records: [{ field: 'name', rule: 'like', val: '经理', type: 'string' }] }]);
    expect(savedKey(CODE)).toBe('JSuperQuerySaved_positionTest');

    clickText('保存查询条件');
    const again = await screen.findByLabelText('保存名称');
    fireEvent.change(again, { target: { value: '我的查询' } });
    fireEvent.click(within(again.closest('.ant-modal') as HTMLElement).getByText(/^确\s*定$/));
    const overwrite = await screen.findByText('我的查询 已存在，是否覆盖？');
    fireEvent.click(within(overwrite.closest('.ant-modal') as HTMLElement).getByText(/^确\s*定$/));
    await waitFor(() => expect(screen.getAllByText('保存成功').length).toBeGreaterThan(0));
    expect(JSON.parse(localStorage.getItem(savedKey(CODE))!)).toHaveLength(1);

    fireEvent.click(screen.getByLabelText('删除 我的查询'));
    const ask = await screen.findByText('是否删除当前查询？');
    fireEvent.click(within(ask.closest('.ant-modal') as HTMLElement).getByText(/^确\s*定$/));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(savedKey(CODE))!)).toEqual([]));
  }, 60_000);

  it('a saved query loads back into the builder, by default keyed by the route path', async () => {
    localStorage.setItem(`JSuperQuerySaved_${window.location.pathname}${window.location.search}`, JSON.stringify([{ title: '职级查询', matchType: 'and', records: [{ field: 'postRank', rule: 'in', val: '1,2', type: 'string' }] }]));
    const onSearch = vi.fn();
    render(<AdvancedQuery fields={FIELDS} onSearch={onSearch} />);
    fireEvent.click(screen.getByText('高级查询'));
    fireEvent.click(await screen.findByText('职级查询'));
    await waitFor(() => expect(within(lines()[0]).getByText('员级')).toBeInTheDocument());
    expect(within(lines()[0]).getByText('助级')).toBeInTheDocument();
    clickText(/^查\s*询$/);
    expect(JSON.parse(onSearch.mock.calls[0][0])).toEqual([{ field: 'postRank', rule: 'in', val: '1,2', type: 'string' }]);
  });
});
