// Online表单开发 in English (issue 17) on the real server: the list and every tab of the form designer show
// no Chinese, the grids' columns, options and the new form's standard fields included.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CJK } from '@anxue/shared/i18n';
import { renderWithProviders } from '../../../components/tree/testing';
import { setLocaleForTest } from '../../../lib/i18n';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import CgformListPage from './CgformList.page';
import { DESIGNER_CODES } from './testing';

configure({ asyncUtilTimeout: 30_000 });
const api = useRealApi();
beforeAll(() => setLocaleForTest('en-US'));
afterAll(() => setLocaleForTest('zh-CN'));

/** The Chinese words of an element's text and placeholders, without the list's rows (they are data). */
function chineseWords(el: HTMLElement): string[] {
  const copy = el.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.ant-table-tbody').forEach((b) => b.remove());
  const placeholders = [...copy.querySelectorAll('input, textarea')].map((e) => e.getAttribute('placeholder') ?? '');
  return [copy.textContent ?? '', ...placeholders].join(' ').split(/\s+/).filter((w) => CJK.test(w));
}

describe('Online表单开发 in English', () => {
  it('shows the list and the designer’s tabs without Chinese', async () => {
    api.signIn(DESIGNER_CODES);
    const view = renderWithProviders(
      <MemoryRouter>
        <CgformListPage />
      </MemoryRouter>,
    );
    await screen.findByText('Import from database');
    expect(screen.getAllByText('Table type').length).toBeGreaterThan(0);
    expect(chineseWords(view.container)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: /Add$/ }));
    const designer = await waitFor(() => screen.getAllByRole('dialog').find((d) => within(d).queryByText('Database')) as HTMLElement);
    // the standard fields of a new form carry English descriptions
    await waitFor(() => expect(within(designer).getByDisplayValue('Primary key')).toBeInTheDocument());
    for (const tab of ['Database', 'Page', 'Validation', 'Foreign key', 'Indexes']) {
      fireEvent.click(within(designer).getByRole('tab', { name: tab }));
      await waitFor(() => expect(within(designer).getByRole('tab', { name: tab, selected: true })).toBeInTheDocument());
      expect(chineseWords(designer), tab).toEqual([]);
      if (tab === 'Database') expect(within(designer).getAllByText('Field description').length).toBeGreaterThan(0);
    }
  }, 60_000);
});
