// 打印, 分割面板 and 报表图表: the print button opens the browser's print dialog with the edited sheet;
// the split panel shows the chosen chapter beside the list; the report's figures follow the chosen year.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/tree/testing';
import ReportChartsPage from './charts/ReportCharts.page';
import PrintPage from './print/Print.page';
import SplitPanelPage from './split/SplitPanel.page';

afterEach(() => vi.restoreAllMocks());

describe('打印', () => {
  it('prints the sheet with the heading the user typed', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderWithProviders(<PrintPage />);
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '防溺水培训签到表' } });
    const sheet = screen.getByRole('document', { name: '打印内容' });
    expect(within(sheet).getByRole('heading', { name: '防溺水培训签到表' })).toBeInTheDocument();
    expect(within(sheet).getAllByRole('row')).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }));
    expect(print).toHaveBeenCalledTimes(1);
    // the print style leaves the form out of the paper
    expect(screen.getByRole('button', { name: /打\s*印/ }).closest('.no-print')).not.toBeNull();
    expect(sheet.closest('.no-print')).toBeNull();
  });
});

describe('分割面板', () => {
  it('has two panes with a bar between them and shows the chosen chapter', () => {
    renderWithProviders(<SplitPanelPage />);
    expect(document.querySelectorAll('.ant-splitter-panel')).toHaveLength(2);
    expect(document.querySelector('.ant-splitter-bar-dragger')).not.toBeNull();
    expect(screen.getByRole('heading', { name: '消防安全' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('menuitem', { name: '防溺水' }));
    expect(screen.getByRole('heading', { name: '防溺水' })).toBeInTheDocument();
    expect(screen.getByText('不私自下水游泳。')).toBeInTheDocument();
  });
});

describe('报表图表', () => {
  it('draws bar, line and pie charts of the chosen year with the same figures in the table', () => {
    renderWithProviders(<ReportChartsPage />);
    for (const label of ['2026年每月培训场次的柱状图', '2026年每月参训人次与考核通过率的折线图', '2026年各培训主题场次占比的饼图']) {
      expect(screen.getByRole('img', { name: label })).toBeInTheDocument();
    }
    const summary = () => screen.getByText(/全年培训 \d+ 场，参训 \d+ 人次。/).textContent;
    const tableSessions = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => Number(within(r).getAllByRole('cell')[1]?.textContent ?? 'NaN'))
        .filter((n) => !Number.isNaN(n))
        .reduce((s, n) => s + n, 0);
    const sessions2026 = Number(/全年培训 (\d+) 场/.exec(summary()!)![1]);
    expect(tableSessions()).toBe(sessions2026);

    fireEvent.click(screen.getByText('2024年'));
    expect(screen.getByText('2024年安全培训报表')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '2024年每月培训场次的柱状图' })).toBeInTheDocument();
    const sessions2024 = Number(/全年培训 (\d+) 场/.exec(summary()!)![1]);
    expect(tableSessions()).toBe(sessions2024);
    expect(sessions2024).not.toBe(sessions2026);
  });
});
