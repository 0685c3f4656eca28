import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton } from './MenuButton';
import { entriesThatFit } from './TopNav';

describe('the menu button', () => {
  const setup = () => {
    const chosen = vi.fn();
    render(
      <MemoryRouter>
        <MenuButton
          label="我的账号 王小明"
          items={[
            { key: 'a', label: '加入班级', onSelect: () => chosen('a') },
            { key: 'b', label: '暗黑模式', onSelect: () => chosen('b') },
            { key: 'c', label: '课程学习', to: '/students/courseList' },
          ]}
        >
          王小明
        </MenuButton>
        <button type="button">elsewhere</button>
      </MemoryRouter>,
    );
    return { chosen, button: screen.getByRole('button', { name: '我的账号 王小明' }) };
  };

  it('opens on a click with the first entry focused, moves by arrow keys, and Esc closes it back onto the button', async () => {
    const user = userEvent.setup();
    const { button } = setup();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: '我的账号 王小明' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: '加入班级' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '暗黑模式' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: '课程学习' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '加入班级' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('chooses an entry by Enter or a tap, and closes on a tap outside', async () => {
    const user = userEvent.setup();
    const { button, chosen } = setup();
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: '课程学习' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(chosen).toHaveBeenCalledWith('b');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: '加入班级' }));
    expect(chosen).toHaveBeenLastCalledWith('a');
  });
});

describe('the top navigation', () => {
  it('keeps every entry that fits, and moves the rest behind 更多', () => {
    expect(entriesThatFit([100, 100, 100], 80, 300)).toBe(3);
    // 更多 takes its room once something overflows
    expect(entriesThatFit([100, 100, 100], 80, 299)).toBe(2);
    expect(entriesThatFit([100, 100, 100], 80, 200)).toBe(1);
    expect(entriesThatFit([100, 100, 100], 80, 50)).toBe(0);
  });
});
