import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button, Drawer, Form, Input, Modal } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ChangePasswordModal } from './ChangePasswordModal';
import { useCloseGuard } from './useCloseGuard';

// Issue 19: every form dialog (Modal or Drawer) asks before losing typed input, and ignores an Esc meant
// for a dialog stacked on it.
const ASK = '放弃未保存的修改？';
const asking = () => screen.queryByText(ASK, { selector: '.ant-modal-confirm-title' });
const visible = (el: HTMLElement | null) => !!el && getComputedStyle(el.closest('.ant-modal-wrap') ?? el).display !== 'none';

describe('closing a form dialog', () => {
  it('closes an untouched dialog at once, and asks first once something was typed', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { unmount } = render(<ChangePasswordModal open username="admin" onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: /关\s*闭/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(asking()).not.toBeInTheDocument();
    unmount();

    const onClose2 = vi.fn();
    render(<ChangePasswordModal open username="admin" onClose={onClose2} />);
    await user.type(screen.getByPlaceholderText('请输入旧密码'), 'old-secret');
    await user.click(screen.getByRole('button', { name: /关\s*闭/ }));
    expect(await screen.findByText(ASK, { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(asking()).not.toBeInTheDocument());
    // the confirm's own layer goes a moment after its text; until then the form is not the dialog on top
    await waitFor(() => expect([...document.querySelectorAll('.ant-modal-wrap')].filter((e) => getComputedStyle(e).display !== 'none')).toHaveLength(1));
    expect(onClose2).not.toHaveBeenCalled();
    expect(screen.getByPlaceholderText('请输入旧密码')).toHaveValue('old-secret');

    await user.click(screen.getByRole('button', { name: /关\s*闭/ }));
    await user.click(await screen.findByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(onClose2).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(asking()).not.toBeInTheDocument());
  });

  it('a drawer ignores an Esc meant for a dialog on top of it, and asks before losing its own input', async () => {
    const user = userEvent.setup();
    const onDrawerClose = vi.fn();
    render(<DrawerWithPicker onClose={onDrawerClose} />);
    await user.type(screen.getByPlaceholderText('名称'), '安全员');
    await user.click(screen.getByRole('button', { name: '打开选择器' }));
    const picker = await screen.findByPlaceholderText('关键字');
    await waitFor(() => expect(visible(picker)).toBe(true));

    // an Esc reaching the drawer while the picker is on top: neither closes nor asks
    fireEvent.keyDown(screen.getByPlaceholderText('名称'), { key: 'Escape', keyCode: 27 });
    expect(onDrawerClose).not.toHaveBeenCalled();
    expect(asking()).not.toBeInTheDocument();
    // the picker's own Esc closes it (nothing typed in it)
    fireEvent.keyDown(picker, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(visible(screen.queryByPlaceholderText('关键字'))).toBe(false));
    expect(onDrawerClose).not.toHaveBeenCalled();

    // now the drawer is on top: its Esc asks, as something was typed
    fireEvent.keyDown(screen.getByPlaceholderText('名称'), { key: 'Escape', keyCode: 27 });
    expect(await screen.findByText(ASK, { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(onDrawerClose).toHaveBeenCalledTimes(1));
  });
});

function DrawerWithPicker({ onClose }: { onClose: () => void }) {
  const [picking, setPicking] = useState(false);
  const guard = useCloseGuard(onClose);
  const pickerGuard = useCloseGuard(() => setPicking(false), { open: picking });
  return (
    <Drawer open title="新增" onClose={guard.requestClose} rootClassName={guard.className}>
      <Form onValuesChange={guard.markDirty}>
        <Form.Item name="name">
          <Input placeholder="名称" />
        </Form.Item>
      </Form>
      <Button onClick={() => setPicking(true)}>打开选择器</Button>
      <Modal open={picking} title="选择" onCancel={pickerGuard.requestClose} wrapClassName={pickerGuard.className} footer={null}>
        <Form onValuesChange={pickerGuard.markDirty}>
          <Form.Item name="keyword">
            <Input placeholder="关键字" />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
