// 角色管理 in English (issue 17) on the real server: the query form, toolbar, columns and the add dialog show
// no Chinese (the seeded roles' names included), and the server's refusal of a role code in use arrives in English (Accept-Language).
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CJK } from '@anxue/shared/i18n';
import { renderWithProviders } from '../../../components/tree/testing';
import { setLocaleForTest } from '../../../lib/i18n';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import RoleListPage from './RoleList.page';

configure({ asyncUtilTimeout: 30_000 });
const api = useRealApi();
beforeAll(() => setLocaleForTest('en-US'));
afterAll(() => setLocaleForTest('zh-CN'));

/** The Chinese words of an element's text without its table body (rows are data, e.g. a role's name). */
function chineseWords(el: HTMLElement): string[] {
  const copy = el.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.ant-table-tbody').forEach((b) => b.remove());
  return (copy.textContent ?? '').split(/\s+/).filter((w) => CJK.test(w));
}

describe('角色管理 in English', () => {
  it('shows the list and the add dialog without Chinese and the server refuses a taken code in English', async () => {
    const user = userEvent.setup({ delay: null });
    api.signIn(['system:role:add', 'system:role:edit', 'system:role:delete', 'system:role:authorize', 'system:role:exportXls', 'system:role:importExcel']);
    const view = renderWithProviders(<RoleListPage />);
    await waitFor(() => expect(view.container.querySelector('.ant-table-tbody .ant-table-row')).toBeTruthy());
    expect(screen.getAllByText('Role name').length).toBeGreaterThan(0);
    expect(screen.getByPlaceholderText('Enter Role code')).toBeInTheDocument();
    expect(chineseWords(view.container)).toEqual([]);
    // the seeded roles are named and described in English; names an administrator types stay as typed
    const body = view.container.querySelector('.ant-table-tbody') as HTMLElement;
    for (const name of ['Administrator', 'Student', 'Teacher', 'Content editor', 'Holds every right']) expect(within(body).getByText(name)).toBeInTheDocument();
    expect(body.textContent).not.toMatch(CJK);

    await user.click(screen.getByRole('button', { name: /Add/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Add role');
    expect(chineseWords(dialog)).toEqual([]);
    await user.type(within(dialog).getByLabelText('Role name'), 'Head teacher');
    // the seeded administrator role holds the code admin
    await user.type(within(dialog).getByLabelText('Role code'), 'admin');
    expect(await within(dialog).findByText('The role code already exists', undefined, { timeout: 10_000 })).toBeInTheDocument();
  }, 60_000);
});
