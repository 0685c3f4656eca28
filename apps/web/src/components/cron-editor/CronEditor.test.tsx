import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CronEditor } from './CronEditor';
import { cronRule } from './cronRule';

// Role queries over antd's large DOM are slow in jsdom; label and class lookups keep the tests quick.
const dialog = () => document.querySelector<HTMLElement>('.ant-modal')!;
const modalOpen = () => document.querySelector('.ant-modal') !== null;
const built = () => (screen.getByLabelText('生成的表达式') as HTMLInputElement).value;
const panel = () => document.querySelector<HTMLElement>('.ant-tabs-tabpane-active')!;
/** The option an antd Select labelled `label` shows. */
const selected = (label: string) =>
  document.querySelector(`.ant-select[aria-label="${label}"] .ant-select-selection-item`)!.textContent;
/** Opens the antd Select labelled `label` and picks `option`. */
async function pickOption(label: string, option: string) {
  fireEvent.mouseDown(document.querySelector(`.ant-select[aria-label="${label}"] .ant-select-selector`)!);
  const item = await waitFor(() => {
    const found = document.querySelector(
      `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`,
    );
    if (!found) throw new Error(`option ${option} not shown`);
    return found;
  });
  fireEvent.click(item);
}
const setupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

async function openWith(value?: string) {
  const user = setupUser();
  const onChange = vi.fn();
  render(<CronEditor value={value} onChange={onChange} />);
  await user.click(screen.getByRole('button', { name: /选\s*择/ }));
  await waitFor(() => expect(modalOpen()).toBe(true));
  return { user, onChange };
}

async function showTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(within(dialog()).getByText(name, { selector: '.ant-tabs-tab-btn' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('CronEditor', () => {
  it('opens a 608-wide modal titled Cron表达式 with the seven tabs, defaults when empty', async () => {
    await openWith();
    expect(within(dialog()).getByText('Cron表达式')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal')).toHaveStyle({ width: '608px' });
    const tabs = within(dialog()).getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['秒', '分', '时', '日', '月', '周', '年']);
    expect(built()).toBe('* * * * * ? *');
  });

  it('parses an existing value into the modes of each tab', async () => {
    const { user } = await openWith('0 15 10 ? * 6L 2024-2026');
    expect(built()).toBe('0 15 10 ? * 6L 2024-2026');
    // 秒: a specific list holding 0.
    expect(within(panel()).getByLabelText('具体秒数（可多选）')).toBeChecked();
    expect(within(panel()).getByLabelText('00')).toBeChecked();
    await showTab(user, '分');
    expect(within(panel()).getByLabelText('15')).toBeChecked();
    expect(within(panel()).getByLabelText('14')).not.toBeChecked();
    await showTab(user, '日');
    expect(within(panel()).getByLabelText('在这个月的最后一个')).toBeChecked();
    expect(selected('最后一个星期')).toBe('周五');
    await showTab(user, '周');
    expect(within(panel()).getByLabelText('本月最后一个')).toBeChecked();
    await showTab(user, '年');
    expect(within(panel()).getByLabelText('周期从')).toBeChecked();
    expect(within(panel()).getByLabelText('年范围开始')).toHaveValue('2024');
    expect(within(panel()).getByLabelText('年范围结束')).toHaveValue('2026');
  });

  it('reads the increment and nth-weekday modes', async () => {
    const { user } = await openWith('0/20 * * ? * 2#3');
    expect(within(panel()).getByLabelText('每隔')).toBeChecked();
    expect(within(panel()).getByLabelText('秒间隔')).toHaveValue('20');
    await showTab(user, '日');
    expect(within(panel()).getByLabelText('在这个月的第')).toBeChecked();
    expect(within(panel()).getByLabelText('第几个星期')).toHaveValue('3');
    expect(selected('第几个的星期')).toBe('周一');
  });

  it('builds the expression as modes change', async () => {
    const { user } = await openWith('0 0 12 * * ? *');
    await showTab(user, '时');
    await user.click(within(panel()).getByLabelText('周期从'));
    const end = within(panel()).getByLabelText('时范围结束');
    await user.clear(end);
    await user.type(end, '18');
    const start = within(panel()).getByLabelText('时范围开始');
    await user.clear(start);
    await user.type(start, '9');
    expect(built()).toBe('0 0 9-18 * * ? *');
    await showTab(user, '月');
    await user.click(within(panel()).getByLabelText('3'));
    await user.click(within(panel()).getByLabelText('6'));
    // Ticking while another mode is chosen starts a fresh list.
    expect(built()).toBe('0 0 9-18 * 3,6 ? *');
    await showTab(user, '日');
    await user.click(within(panel()).getByLabelText('在本月底前'));
    expect(built()).toBe('0 0 9-18 L-1 3,6 ? *');
    await user.click(within(panel()).getByLabelText('在这个月的最后一个工作日'));
    expect(built()).toBe('0 0 9-18 LW 3,6 ? *');
    await user.click(within(panel()).getByLabelText('最近的工作日（周一至周五）至本月'));
    const nearest = within(panel()).getByLabelText('最近工作日的日期');
    await user.clear(nearest);
    await user.type(nearest, '15');
    expect(built()).toBe('0 0 9-18 15W 3,6 ? *');
  });

  it('keeps day and week exclusive: one of them is always ?, and the week is locked while the day is set', async () => {
    const { user } = await openWith('0 0 12 * * ? *');
    await showTab(user, '周');
    expect(within(panel()).getByLabelText('范围 从')).toBeDisabled();
    expect(within(panel()).getByText(/日已设置具体值，周不可用/)).toBeInTheDocument();

    await showTab(user, '日');
    await user.click(within(panel()).getByLabelText('具体星期几（可多选）'));
    expect(built()).toBe('0 0 12 ? * 2 *');
    await user.click(within(panel()).getByLabelText('周三'));
    expect(built()).toBe('0 0 12 ? * 2,4 *');

    await showTab(user, '周');
    const range = within(panel()).getByLabelText('范围 从');
    expect(range).toBeEnabled();
    await user.click(range);
    expect(built()).toBe('0 0 12 ? * 2-6 *');
    await user.click(within(panel()).getByLabelText('不设置（?）'));
    expect(built()).toBe('0 0 12 * * ? *');
    expect(within(panel()).getByLabelText('范围 从')).toBeDisabled();

    await showTab(user, '日');
    await user.click(within(panel()).getByLabelText('在这个月的最后一天'));
    expect(built()).toBe('0 0 12 L * ? *');
    await user.click(within(panel()).getByLabelText('在这个月的最后一个'));
    expect(built()).toBe('0 0 12 ? * 2L *');
    await pickOption('最后一个星期', '周五');
    expect(built()).toBe('0 0 12 ? * 6L *');
  });

  it('sets the next larger unit from * to 0 or 1 when a smaller unit leaves *', async () => {
    const { user } = await openWith();
    await user.click(within(panel()).getByLabelText('30'));
    expect(built()).toBe('30 0 * * * ? *');
    await showTab(user, '时');
    await user.click(within(panel()).getByLabelText('每隔'));
    expect(built()).toBe('30 0 0/1 1 * ? *');
  });

  it('holds inputs to the bounds of the spec', async () => {
    const { user } = await openWith();
    const step = within(panel()).getByLabelText('秒间隔');
    expect(step).toHaveAttribute('aria-valuemin', '1');
    expect(step).toHaveAttribute('aria-valuemax', '59');
    await user.clear(step);
    await user.type(step, '75');
    await user.tab();
    expect(built()).toBe('0/59 0 * * * ? *');
    await showTab(user, '分');
    expect(within(panel()).getByLabelText('分间隔')).toHaveAttribute('aria-valuemax', '60');
    expect(within(panel()).getByLabelText('分开始')).toHaveAttribute('aria-valuemax', '59');
    await showTab(user, '时');
    expect(within(panel()).getByLabelText('时范围结束')).toHaveAttribute('aria-valuemax', '23');
    await showTab(user, '日');
    expect(within(panel()).getByLabelText('日开始')).toHaveAttribute('aria-valuemax', '31');
    expect(within(panel()).getByLabelText('星期间隔')).toHaveAttribute('aria-valuemax', '7');
    expect(within(panel()).getByLabelText('第几个星期')).toHaveAttribute('aria-valuemax', '5');
    await showTab(user, '月');
    expect(within(panel()).getByLabelText('月范围开始')).toHaveAttribute('aria-valuemin', '1');
    expect(within(panel()).getByLabelText('月范围结束')).toHaveAttribute('aria-valuemax', '12');
    await showTab(user, '年');
    expect(within(panel()).getByLabelText('年开始')).toHaveAttribute('aria-valuemin', '2019');
    expect(within(panel()).getByLabelText('年范围结束')).toHaveAttribute('aria-valuemax', '2119');
    expect(within(panel()).getByLabelText('年间隔')).toHaveAttribute('aria-valuemax', '99');
    expect(within(panel()).getByLabelText('2119')).toBeInTheDocument();
    expect(within(panel()).queryByLabelText('2120')).toBeNull();
  });

  it('previews the next 10 runs ignoring the year, 500 ms after the last change', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date(2024, 0, 15, 10, 30, 45));
    render(<CronEditor value="0 0 12 * * ? 2020" onChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: /选\s*择/ }));
    const list = () => Array.from(screen.getByLabelText('最近运行时间').querySelectorAll('li'));
    expect(list()).toHaveLength(10);
    expect(list()[0]).toHaveTextContent('2024-01-15 12:00:00');
    expect(list()[1]).toHaveTextContent('2024-01-16 12:00:00');
    expect(list()[9]).toHaveTextContent('2024-01-24 12:00:00');

    fireEvent.click(within(panel()).getByLabelText('每隔')); // second 0/1: every second of 12:00
    expect(built()).toBe('0/1 0 12 * * ? 2020');
    act(() => vi.advanceTimersByTime(499));
    expect(list()[1]).toHaveTextContent('2024-01-16 12:00:00');
    act(() => vi.advanceTimersByTime(1));
    expect(list()).toHaveLength(10);
    expect(list()[0]).toHaveTextContent('2024-01-15 12:00:00');
    expect(list()[1]).toHaveTextContent('2024-01-15 12:00:01');
    expect(list()[9]).toHaveTextContent('2024-01-15 12:00:09');
  });

  it('says so when the schedule never runs, and cancel closes', async () => {
    await openWith('0 0 0 30 2 ?');
    expect(await screen.findByText('没有符合条件的运行时间')).toBeInTheDocument();
    fireEvent.click(within(dialog()).getByText(/取\s*消/));
    await waitFor(() => expect(modalOpen()).toBe(false));
  });

  it('loads the defaults with a warning when the value cannot be parsed', async () => {
    await openWith('0 0 25 * * ?');
    expect(screen.getByText('原表达式无法解析（时字段的值 25 超出范围 0-23），已载入默认值')).toBeInTheDocument();
    expect(built()).toBe('* * * * * ? *');
  });

  it('OK emits the built expression into the form and closes', async () => {
    const user = setupUser();
    const onFinish = vi.fn();
    render(
      <Form initialValues={{ cron: '0 0 12 * * ?' }} onFinish={onFinish}>
        <Form.Item label="cron表达式" name="cron" rules={[cronRule]}>
          <CronEditor />
        </Form.Item>
        <Button htmlType="submit">提交</Button>
      </Form>,
    );
    await user.click(screen.getByRole('button', { name: /选\s*择/ }));
    await showTab(user, '日');
    await user.click(within(panel()).getByLabelText('在这个月的最后一天'));
    await user.click(within(dialog()).getByText(/^确\s*定$/));
    await waitFor(() => expect(modalOpen()).toBe(false));
    expect(screen.getByLabelText('cron表达式')).toHaveValue('0 0 12 L * ? *');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ cron: '0 0 12 L * ? *' }));
  });

  it('cancel closes without changing the value; a typed invalid value fails the form rule', async () => {
    const user = setupUser();
    render(
      <Form>
        <Form.Item label="cron表达式" name="cron" rules={[cronRule]}>
          <CronEditor />
        </Form.Item>
      </Form>,
    );
    fireEvent.change(screen.getByLabelText('cron表达式'), { target: { value: '0 0 12 * * *' } });
    expect(await screen.findByText('日和周字段不能同时指定，其中一个必须为「?」')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /选\s*择/ }));
    await user.click(within(dialog()).getByText(/^取\s*消$/));
    await waitFor(() => expect(modalOpen()).toBe(false));
    expect(screen.getByLabelText('cron表达式')).toHaveValue('0 0 12 * * *');
  });
});
