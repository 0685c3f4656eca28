import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AreaSelector } from './AreaSelector';
import { loadAreaIndex } from './areaData';
import { pickOption, renderInForm } from './testing/formHarness';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

const selectOf = (label: string) => document.querySelector(`.ant-select[aria-label="${label}"]`) as HTMLElement;
const textOf = (label: string) => selectOf(label).querySelector('.ant-select-selection-item')?.textContent ?? '';
const open = (label: string) => fireEvent.mouseDown(selectOf(label).querySelector('.ant-select-selector')!);

describe('area data', () => {
  it('holds provinces under 86 and walks a district code up to its province', async () => {
    const area = await loadAreaIndex();
    expect(area.childrenOf('86').map((p) => p.label)).toContain('浙江省');
    expect(area.pathOf('330106')).toEqual(['330000', '330100', '330106']);
    expect(area.pathOf('110101').map((c) => area.nameOf(c))).toEqual(['北京市', '市辖区', '东城区']);
    expect(area.pathOf('999999')).toEqual([]);
  });
});

describe('AreaSelector', () => {
  it('as selects shows an existing district and stores the deepest code picked', async () => {
    const view = renderInForm(<AreaSelector type="select" />, { field: '330106' });
    await waitFor(() => expect([textOf('省'), textOf('市'), textOf('区')]).toEqual(['浙江省', '杭州市', '西湖区']));
    open('市');
    await pickOption('宁波市');
    expect(view.value()).toBe('330200');
    await waitFor(() => expect(textOf('区')).toBe(''));
    open('区');
    await pickOption('鄞州区');
    expect(view.value()).toBe('330212');
  });

  it('as a cascader shows the path of the value and stores the last level chosen', async () => {
    const view = renderInForm(<AreaSelector type="cascader" />, { field: '110101' });
    await waitFor(() => expect(view.container.querySelector('.ant-select-selection-item')?.textContent).toBe('北京市 / 市辖区 / 东城区'));
    fireEvent.mouseDown(view.container.querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByText('上海市', { selector: '.ant-cascader-menu-item-content' }));
    expect(view.value()).toBe('310000');
  });

  it('renders nothing for another type and logs Bad type value', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = renderInForm(<AreaSelector type="tree" />);
    expect(error).toHaveBeenCalledWith('Bad type value');
    expect(view.container.querySelector('.ant-select, .ant-cascader')).toBeNull();
  });
});
