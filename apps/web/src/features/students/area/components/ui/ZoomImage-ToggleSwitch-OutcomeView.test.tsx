import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OutcomeView } from './OutcomeView';
import { ToggleSwitch } from './ToggleSwitch';
import { ZoomImage } from './ZoomImage';

describe('ZoomImage', () => {
  it('opens the picture in a dialog from its button, and Esc or 关闭 closes it with the focus back on the button', async () => {
    const user = userEvent.setup();
    render(<ZoomImage src="/p.png" alt="过马路第一步" />);
    expect(screen.getByRole('img', { name: '过马路第一步' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    const open = screen.getByRole('button', { name: '放大查看：过马路第一步' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: '过马路第一步' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '关闭' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();

    await user.click(screen.getByRole('img', { name: '过马路第一步' }));
    await user.click(screen.getByRole('button', { name: '放大' }));
    expect(screen.getByRole('button', { name: '缩小' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ZoomImage in a set', () => {
  it('pages through the set full screen with 上一张 / 下一张 and the arrow keys, round the set', async () => {
    const user = userEvent.setup();
    const set = [1, 2, 3].map((n) => ({ src: `/p${n}.png`, alt: `第 ${n} 张` }));
    render(
      <>
        {set.map((p) => (
          <ZoomImage key={p.src} src={p.src} alt={p.alt} set={set} />
        ))}
      </>,
    );
    await user.click(screen.getByRole('button', { name: '放大查看：第 2 张' }));
    expect(screen.getByRole('dialog', { name: '第 2 张' })).toHaveTextContent('2 / 3');
    await user.click(screen.getByRole('button', { name: '下一张' }));
    expect(screen.getByRole('dialog', { name: '第 3 张' })).toBeInTheDocument();
    // round the set
    await user.click(screen.getByRole('button', { name: '下一张' }));
    expect(screen.getByRole('dialog', { name: '第 1 张' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: '第 3 张' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: '第 2 张' })).toHaveTextContent('2 / 3');
  });
});

describe('ToggleSwitch', () => {
  it('is a switch named by its words that turns on and off by click, Enter and Space', async () => {
    const user = userEvent.setup();
    function Host() {
      const [on, setOn] = useState(false);
      return (
        <ToggleSwitch checked={on} onChange={setOn}>
          只看错题
        </ToggleSwitch>
      );
    }
    render(<Host />);
    const sw = screen.getByRole('switch', { name: '只看错题' });
    expect(sw).toHaveAttribute('aria-checked', 'false');
    await user.click(sw);
    expect(sw).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{Enter}');
    expect(sw).toHaveAttribute('aria-checked', 'false');
    await user.keyboard(' ');
    expect(sw).toHaveAttribute('aria-checked', 'true');
  });
});

describe('OutcomeView', () => {
  it('shows the title, subtitle and actions', () => {
    render(<OutcomeView status="success" title="15 分" subtitle="满分 20" actions={<button type="button">返回</button>} />);
    expect(screen.getByText('15 分')).toBeInTheDocument();
    expect(screen.getByText('满分 20')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回' })).toBeInTheDocument();
  });
});
