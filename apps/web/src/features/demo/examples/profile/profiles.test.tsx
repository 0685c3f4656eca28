// 详情页, 结果页 and 异常页: what each shows, the advanced profile's approval moving on, and the way back
// home from the results and exceptions.
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../components/tree/testing';
import Exception403Page from '../exception/Exception403.page';
import Exception404Page from '../exception/Exception404.page';
import Exception500Page from '../exception/Exception500.page';
import FailPage from '../result/Fail.page';
import SuccessPage from '../result/Success.page';
import AdvancedProfilePage from './AdvancedProfile.page';
import BasicProfilePage from './BasicProfile.page';

/** Renders a page at /here with a home page and the example form to be sent to. */
function atHere(page: ReactElement) {
  renderWithProviders(
    <MemoryRouter initialEntries={['/here']}>
      <Routes>
        <Route path="/here" element={page} />
        <Route path="/dashboard/analysis" element={<p>首页内容</p>} />
        <Route path="/examples/form/basic" element={<p>基础表单内容</p>} />
        <Route path="/examples/list/standard" element={<p>标准列表内容</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('详情页', () => {
  it('the basic profile shows the refund, the goods with their total and the progress', () => {
    renderWithProviders(<BasicProfilePage />);
    expect(screen.getByText('退款申请')).toBeInTheDocument();
    expect(screen.getByText('付小小')).toBeInTheDocument();
    const total = screen.getByText('总计').closest('tr') as HTMLElement;
    // 2×1 + 3×2 + 4×3 + 5×4 = 40 in 10 pieces
    expect(within(total).getByText('10')).toBeInTheDocument();
    expect(within(total).getByText('40.00')).toBeInTheDocument();
    expect(screen.getByText('联系客户')).toBeInTheDocument();
  });

  it('the advanced profile moves its approval on with 通过 and stops it with 驳回', () => {
    renderWithProviders(<AdvancedProfilePage />);
    const state = () => within(screen.getByText('状态').closest('.ant-statistic') as HTMLElement);
    expect(state().getByText('待审批')).toBeInTheDocument();
    const current = () => document.querySelector('.ant-steps-item-process .ant-steps-item-title, .ant-steps-item-error .ant-steps-item-title')?.textContent;
    expect(current()).toBe('部门初审');
    fireEvent.click(screen.getByRole('button', { name: /通\s*过/ }));
    expect(current()).toBe('财务复核');
    fireEvent.click(screen.getByRole('button', { name: /驳\s*回/ }));
    expect(state().getByText('已驳回')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /通\s*过/ })).toBeDisabled();
    fireEvent.click(screen.getByRole('tab', { name: '操作日志二' }));
    const rejected = within(screen.getByRole('tabpanel'));
    expect(rejected.getByText('不通过原因：发票抬头有误')).toBeInTheDocument();
    expect(rejected.queryByText('曲丽丽')).not.toBeInTheDocument(); // the agreed steps are not in this log
  });
});

describe('结果页', () => {
  it('success shows the project and goes back to the list', () => {
    atHere(<SuccessPage />);
    expect(screen.getByText('提交成功')).toBeInTheDocument();
    expect(screen.getByText('23421')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /返回列表/ }));
    expect(screen.getByText('标准列表内容')).toBeInTheDocument();
  });

  it('fail lists what to fix and goes back to the form', () => {
    atHere(<FailPage />);
    expect(screen.getByText('提交失败')).toBeInTheDocument();
    expect(screen.getByText(/您的账户已被冻结/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /返回修改/ }));
    expect(screen.getByText('基础表单内容')).toBeInTheDocument();
  });
});

describe('异常页', () => {
  it.each([
    [403, <Exception403Page key="403" />, '抱歉，您无权访问此页面。'],
    [404, <Exception404Page key="404" />, '抱歉，您访问的页面不存在。'],
    [500, <Exception500Page key="500" />, '抱歉，服务器出错了。'],
  ])('%i says what happened and leads home', (status, page, text) => {
    atHere(page);
    expect(screen.getByText(String(status))).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /返回首页/ }));
    expect(screen.getByText('首页内容')).toBeInTheDocument();
  });
});
