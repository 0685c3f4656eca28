import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { AntdProvider } from '../../components/antd/AntdProvider';
import { resetDisplay, updateDisplay } from '../display/store';
import { Modal, message } from './static';

// antd marks every element it styles with the class of the theme it was styled with (css-…)
const themeClass = (el: Element) => [...el.classList].find((c) => c.startsWith('css-'));

afterEach(async () => {
  Modal.destroyAll();
  message.destroy();
  act(() => resetDisplay());
});

function renderPage() {
  render(
    <AntdProvider>
      <Button type="primary">页面上的按钮</Button>
    </AntdProvider>,
  );
  return themeClass(screen.getByRole('button', { name: '页面上的按钮' }))!;
}

describe('antd’s static dialogs and messages take the page’s theme', () => {
  it.each([
    ['dark, the default colour', { darkMode: true }],
    ['light, a chosen colour', { darkMode: false, primaryColor: '#722ED1' }],
    ['dark, a chosen colour', { darkMode: true, primaryColor: '#F5222D' }],
  ])('a confirmation dialog, %s', async (name, display) => {
    act(() => updateDisplay(display));
    const page = renderPage();
    act(() => void Modal.confirm({ title: `确定删除吗? (${name})` }));
    const title = await screen.findByText(`确定删除吗? (${name})`, { selector: '.ant-modal-confirm-title' });
    const dialog = title.closest<HTMLElement>('.ant-modal')!;
    expect(themeClass(dialog)).toBe(page);
    // the buttons are the interface language's
    expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toBeInTheDocument();
  });

  it('a message follows the theme when it changes while the page is open', async () => {
    const light = renderPage();
    act(() => void message.info('已保存'));
    const first = (await screen.findByText('已保存')).closest('.ant-message')!;
    expect(themeClass(first)).toBe(light);
    act(() => updateDisplay({ darkMode: true }));
    const dark = themeClass(screen.getByRole('button', { name: '页面上的按钮' }))!;
    expect(dark).not.toBe(light);
    act(() => void message.info('已删除'));
    await waitFor(() => expect(themeClass(screen.getByText('已删除').closest('.ant-message')!)).toBe(dark));
  });
});
