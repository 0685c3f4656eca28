// 用户管理 in English (issue 17) on the real server: the query form, toolbar, columns, row actions and the
// add dialog show no Chinese; the server answers its messages in English too (Accept-Language).
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CJK } from '@anxue/shared/i18n';
import { renderWithProviders } from '../../../components/tree/testing';
import { setLocaleForTest } from '../../../lib/i18n';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import UserListPage from './UserList.page';

configure({ asyncUtilTimeout: 30_000 });
const api = useRealApi();
beforeAll(() => setLocaleForTest('en-US'));
afterAll(() => setLocaleForTest('zh-CN'));

/** Visible text of an element without its table body (rows are data, e.g. a user's Chinese name). */
function chrome(el: HTMLElement): string {
  const copy = el.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.ant-table-tbody').forEach((b) => b.remove());
  return copy.textContent ?? '';
}

describe('用户管理 in English', () => {
  it('shows the list and the add dialog without Chinese', async () => {
    api.signIn(['system:user:add', 'system:user:edit', 'system:user:delete', 'system:user:exportXls', 'system:user:importExcel']);
    const view = renderWithProviders(<UserListPage />);
    await waitFor(() => expect(screen.getAllByText('Username').length).toBeGreaterThan(0));
    await waitFor(() => expect(view.container.querySelector('.ant-table-tbody .ant-table-row')).toBeTruthy());
    expect(screen.getByRole('button', { name: /Search/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add/ })).toBeInTheDocument();
    const text = chrome(view.container);
    expect(text.split(/\s+/).filter((w) => CJK.test(w))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: /Add/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Password');
    expect(chrome(dialog).split(/\s+/).filter((w) => CJK.test(w))).toEqual([]);
  }, 60_000);
});
