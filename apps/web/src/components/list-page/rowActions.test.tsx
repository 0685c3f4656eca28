import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearLocalSession, setPermissions } from '../../lib/session/store';
import { editDeleteActions, RowActions } from './RowActions';

const grant = (...codes: string[]) => setPermissions({ menu: [], auth: codes.map((action) => ({ action, type: '1' })), allAuth: [] });
afterEach(() => clearLocalSession());

describe('RowActions', () => {
  it('shows only the links the user may use, and asks before deleting', async () => {
    grant('x:delete');
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const onTest = vi.fn();
    render(<RowActions actions={[{ key: 'test', label: '测试', onClick: onTest }, ...editDeleteActions('x', { onEdit, onDelete })]} />);
    expect(screen.queryByText('编辑')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('测试'));
    expect(onTest).toHaveBeenCalled();
    fireEvent.click(screen.getByText('删除'));
    expect(onDelete).not.toHaveBeenCalled();
    expect(await screen.findByText('确定删除吗?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('.ant-divider')).toHaveLength(1);
  });
});
