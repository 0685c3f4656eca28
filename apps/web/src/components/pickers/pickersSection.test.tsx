import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, useApiServer } from '../../lib/testing/apiServer';
import PickersSection from '../../features/demo/widgets/sections/PickersSection';
import { renderWithProviders } from '../tree/testing';
import { button, DEPARTS, dialog, lastCall, okOf } from './testing';

vi.setConfig({ testTimeout: 60_000 });
const api = useApiServer();

describe('PickersSection (demo page)', () => {
  it('puts every picker in one form and submits their values', async () => {
    api.handle('GET', '/sys/sysDepart/queryTreeList', () => ({ body: envelope(DEPARTS) }));
    const { container } = renderWithProviders(<PickersSection />);
    for (const label of ['选择用户', '选择部门', '选择角色', '弹窗选择', '选择实体', '树选择']) {
      expect(screen.getByText(label, { selector: 'label' })).toBeInTheDocument();
    }
    fireEvent.click(screen.getByPlaceholderText('请选择课程'));
    const modal = await waitFor(() => dialog('选择课程'));
    fireEvent.click(within(modal).getByText('防溺水').closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!);
    fireEvent.click(okOf(modal));
    await waitFor(() => expect((screen.getByPlaceholderText('请选择课程') as HTMLInputElement).value).toBe('防溺水'));
    fireEvent.click(button(container as HTMLElement, '提交'));
    expect(await screen.findByTestId('pickers-submitted')).toHaveTextContent('"subjects":"water"');
    // the department picker loaded its tree (and nothing is left in flight)
    await lastCall(api, '/sys/sysDepart/queryTreeList');
  });
});
