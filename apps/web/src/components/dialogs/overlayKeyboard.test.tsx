// Esc and Tab reach the dialog on top when the focus is left on the page behind it (issue 17, keyboard use).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Drawer, Input, Modal } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { installOverlayKeyboard } from './overlayKeyboard';

installOverlayKeyboard();

function Page({ onCancel }: { onCancel: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button">behind</button>
      <Modal title="Dialog" open={open} onCancel={() => (onCancel(), setOpen(false))} forceRender>
        <Input aria-label="first field" />
      </Modal>
    </>
  );
}

describe('keyboard fallback of dialogs', () => {
  it('Tab from the page behind moves into the open dialog, and Esc closes it as its × does', async () => {
    const user = userEvent.setup({ delay: null });
    const onCancel = vi.fn();
    render(<Page onCancel={onCancel} />);
    await screen.findByRole('dialog');
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);

    await user.keyboard('{Tab}');
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);

    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('Esc with the focus on the page closes the drawer on top, not the dialog under it', async () => {
    const user = userEvent.setup({ delay: null });
    const closed: string[] = [];
    render(
      <>
        <Modal title="Under" open onCancel={() => closed.push('dialog')} />
        <Drawer title="Top" open onClose={() => closed.push('drawer')} />
      </>,
    );
    await screen.findByText('Top');
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(closed).toEqual(['drawer']));
  });
});
