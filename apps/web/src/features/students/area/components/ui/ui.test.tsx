import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmSheet, EmptyState, Loading, Notice, Pager, Panel, Picker, ProgressBar, SearchBox, Sheet, Tabs, Tag } from '.';

describe('Panel, Tag, ProgressBar, Notice', () => {
  it('names a titled panel by its title and shows its extra, a tag and the progress figure', () => {
    render(
      <Panel title="防溺水" extra={<Tag color="success">90 分</Tag>}>
        <ProgressBar percent={62.4} label="防溺水 学习进度" />
      </Panel>,
    );
    const region = screen.getByRole('region', { name: '防溺水' });
    expect(region).toHaveTextContent('90 分');
    const bar = screen.getByRole('progressbar', { name: '防溺水 学习进度' });
    expect(bar).toHaveAttribute('aria-valuenow', '62');
    expect(region).toHaveTextContent('62%');
  });

  it('announces an error at once and other notices politely', () => {
    render(
      <>
        <Notice type="error" message="加载失败" />
        <Notice type="success" message="回答正确" description="解析：119 是火警电话。" />
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('加载失败');
    expect(screen.getByRole('status')).toHaveTextContent('回答正确解析：119 是火警电话。');
  });

  it('says it is loading, and says when there is nothing', () => {
    render(
      <>
        <Loading />
        <EmptyState title="还没有发布的课程" />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('加载中');
    expect(screen.getByText('还没有发布的课程')).toBeInTheDocument();
  });
});

function TabsHarness() {
  const [tab, setTab] = useState('practice');
  return (
    <Tabs
      label="理论题库"
      activeKey={tab}
      onChange={setTab}
      items={[
        { key: 'practice', label: '练习', children: <p>一题一题地练</p> },
        { key: 'exam', label: '考试', children: <p>试卷列表</p> },
        { key: 'wrong', label: '错题本', children: <p>答错的题</p> },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('shows the chosen tab’s panel; a tap or the arrow keys choose another', async () => {
    const user = userEvent.setup();
    render(<TabsHarness />);
    expect(screen.getByRole('tablist', { name: '理论题库' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '练习' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: '练习' })).toHaveTextContent('一题一题地练');

    await user.click(screen.getByRole('tab', { name: '考试' }));
    expect(screen.getByRole('tabpanel', { name: '考试' })).toHaveTextContent('试卷列表');
    expect(screen.queryByText('一题一题地练')).toBeNull();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '错题本' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('答错的题');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '练习' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: '错题本' })).toHaveFocus();
    // only the chosen tab is in the tab order
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
  });
});

describe('Picker, SearchBox, Pager', () => {
  it('picks a value from the native select and clears it with the empty option', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    function Harness() {
      const [v, setV] = useState<string>();
      return (
        <Picker
          label="题型"
          placeholder="全部题型"
          value={v}
          onChange={(x) => {
            setV(x);
            onChange(x);
          }}
          options={[
            { value: 'single', label: '单选题' },
            { value: 'multi', label: '多选题' },
          ]}
        />
      );
    }
    render(<Harness />);
    const select = screen.getByRole('combobox', { name: '题型' });
    expect(select).toHaveDisplayValue('全部题型');
    await user.selectOptions(select, '多选题');
    expect(onChange).toHaveBeenLastCalledWith('multi');
    await user.selectOptions(select, '全部题型');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('searches on Enter and on its button, and for everything once emptied', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<SearchBox placeholder="搜索标题" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: '搜索标题' });
    await user.type(box, ' 防火 {Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('防火');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    expect(onSearch).toHaveBeenCalledTimes(2);
    await user.clear(box);
    expect(onSearch).toHaveBeenLastCalledWith('');
  });

  it('pages with 上一页 and 下一页, and is absent when one page holds everything', async () => {
    const user = userEvent.setup();
    function Harness({ total }: { total: number }) {
      const [page, setPage] = useState(1);
      return <Pager current={page} total={total} pageSize={12} onChange={setPage} />;
    }
    const { rerender } = render(<Harness total={30} />);
    expect(screen.getByText('第 1 / 3 页')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /上一页/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /下一页/ }));
    await user.click(screen.getByRole('button', { name: /下一页/ }));
    expect(screen.getByText('第 3 / 3 页')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /下一页/ })).toBeDisabled();
    rerender(<Harness total={12} />);
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
  });
});

describe('Sheet', () => {
  it('opens as a named dialog and closes on 关闭 and on Esc', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>记录</button>
          <Sheet open={open} title="五题小测 · 考试记录" onClose={() => setOpen(false)}>
            <p>90 / 100 分</p>
          </Sheet>
        </>
      );
    }
    render(<Harness />);
    expect(screen.queryByText('90 / 100 分')).toBeNull();
    await user.click(screen.getByRole('button', { name: '记录' }));
    expect(screen.getByRole('dialog', { name: '五题小测 · 考试记录' })).toHaveTextContent('90 / 100 分');
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByText('90 / 100 分')).toBeNull();
    await user.click(screen.getByRole('button', { name: '记录' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByText('90 / 100 分')).toBeNull();
  });
});

describe('ConfirmSheet', () => {
  function Harness({ onOk }: { onOk: () => Promise<void> }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>开始考试</button>
        <ConfirmSheet open={open} title="开始「五题小测」" content="共 5 题，限时 10 分钟。" okText="开始" cancelText="取消" onOk={onOk} onClose={() => setOpen(false)} />
      </>
    );
  }

  it('asks with a named, described dialog; 取消 and Esc close it without the step', async () => {
    const user = userEvent.setup();
    let started = 0;
    render(<Harness onOk={async () => void (started += 1)} />);
    await user.click(screen.getByRole('button', { name: '开始考试' }));
    const dialog = screen.getByRole('alertdialog', { name: '开始「五题小测」' });
    expect(dialog).toHaveAccessibleDescription('共 5 题，限时 10 分钟。');
    expect(within(dialog).getByRole('button', { name: /开\s*始/ })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: '开始考试' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(started).toBe(0);
  });

  it('runs the step once, shows it busy, closes when done and stays open when it fails', async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    let fail = true;
    let runs = 0;
    const onOk = () => {
      runs += 1;
      return new Promise<void>((done, refuse) => (finish = () => (fail ? refuse(new Error('网络断开')) : done())));
    };
    render(<Harness onOk={onOk} />);
    await user.click(screen.getByRole('button', { name: '开始考试' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: /开\s*始/ }));
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: /取\s*消/ })).toBeDisabled();
    await act(async () => finish());
    // failed: still asking, ready for another try
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: /取\s*消/ })).toBeEnabled();
    fail = false;
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: /开\s*始/ }));
    await act(async () => finish());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(runs).toBe(2);
  });
});
