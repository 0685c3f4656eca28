// The shared components in English (issue 17): pickers, the editable grid, the import dialog, the advanced
// query, the upload popup and the close guard of form dialogs show no Chinese of their own. The pickers read
// the real server (users, departments); rows are data and are left out of the check.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CJK } from '@anxue/shared/i18n';
import { setLocaleForTest } from '../lib/i18n';
import { useRealApi } from '../features/students/backoffice/testing/realApi';
import { renderWithProviders } from './tree/testing';
import { AdvancedQuery } from './advanced-query';
import { ChangePasswordModal } from './dialogs/ChangePasswordModal';
import { EditableGrid } from './editable-grid';
import { ImportExcelModal } from './import-excel';
import { DepartPicker } from './pickers/DepartPicker';
import { UserPickerModal } from './pickers/UserPickerModal';
import { FilePopup } from './upload/FilePopup';

configure({ asyncUtilTimeout: 30_000 });
const api = useRealApi();
beforeAll(() => setLocaleForTest('en-US'));
afterAll(() => setLocaleForTest('zh-CN'));

/** The Chinese words of an element's text, leaving out data: table bodies, trees and grid rows. */
function chineseWords(el: Element): string[] {
  return (withoutData(el).textContent ?? '').split(/\s+/).filter((w) => CJK.test(w));
}
/** Also what only assistive technology reads: labels, placeholders, titles. */
function chineseLabels(el: Element): string[] {
  return [...withoutData(el).querySelectorAll('[aria-label], [placeholder], [title]')]
    .flatMap((n) => ['aria-label', 'placeholder', 'title'].map((a) => n.getAttribute(a) ?? ''))
    .filter((v) => CJK.test(v));
}
function withoutData(el: Element): Element {
  const copy = el.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.ant-table-tbody, .ant-tree-list, .eg-body').forEach((b) => b.remove());
  return copy;
}
const dialogs = () => [...document.querySelectorAll('.ant-modal')];

describe('shared components in English', () => {
  it('the user picker and the department picker', async () => {
    api.signIn([]);
    const view = renderWithProviders(<UserPickerModal open onOk={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(document.querySelector('.ant-modal .ant-table-tbody .ant-table-row')).toBeTruthy());
    expect(screen.getByText('Choose users')).toBeInTheDocument();
    expect(screen.getAllByText('Username').length).toBeGreaterThan(0);
    for (const d of dialogs()) {
      expect(chineseWords(d)).toEqual([]);
      expect(chineseLabels(d)).toEqual([]);
    }
    view.unmount();

    renderWithProviders(<DepartPicker />);
    expect(screen.getByPlaceholderText('Choose departments')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Choose/ }));
    await waitFor(() => expect(document.querySelector('.ant-modal .ant-tree-treenode')).toBeTruthy());
    for (const d of dialogs()) {
      expect(chineseWords(d)).toEqual([]);
      expect(chineseLabels(d)).toEqual([]);
    }
  }, 60_000);

  it('the editable grid with no rows, and with a row', async () => {
    const user = userEvent.setup({ delay: null });
    const view = renderWithProviders(
      <EditableGrid
        columns={[
          { key: 'name', title: 'Name', type: 'input', validateRules: [{ required: true }] },
          { key: 'kind', title: 'Kind', type: 'select', options: [{ value: '1', text: 'One' }] },
          { key: 'score', title: 'Score', type: 'inputNumber', statistics: ['sum', 'average'] },
        ]}
        rowSelection="checkbox"
      />,
    );
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(chineseWords(view.container)).toEqual([]);
    expect(chineseLabels(view.container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: /^(plus )?Add$/ }));
    await waitFor(() => expect(view.container.querySelector('.eg-body [role="row"]')).toBeTruthy());
    expect(screen.getByText('Total')).toBeInTheDocument();
    expect(view.container.textContent).not.toMatch(CJK);
    expect(chineseLabels(view.container)).toEqual([]);
  }, 60_000);

  it('the import dialog, the upload popup and the advanced query', async () => {
    api.signIn([]);
    const importer = renderWithProviders(<ImportExcelModal open url="/sys/position/importExcel" onClose={vi.fn()} />);
    expect(await screen.findByText('Import from Excel')).toBeInTheDocument();
    for (const d of dialogs()) expect(d.textContent).not.toMatch(CJK);
    importer.unmount();

    const popup = renderWithProviders(<FilePopup open onOk={vi.fn()} onCancel={vi.fn()} />);
    expect(await screen.findByText('Upload files')).toBeInTheDocument();
    for (const d of dialogs()) expect(d.textContent).not.toMatch(CJK);
    popup.unmount();

    renderWithProviders(<AdvancedQuery fields={[{ value: 'code', text: 'Code', type: 'string' }]} saveCode="englishTest" onSearch={vi.fn()} />);
    fireEvent.click(screen.getByText('Advanced query'));
    const builder = await screen.findByText('Advanced query builder');
    fireEvent.click(screen.getByRole('button', { name: /Add a condition/ }));
    await waitFor(() => expect(screen.getAllByTestId('super-query-line').length).toBeGreaterThan(0));
    const panel = builder.closest('.ant-modal') as HTMLElement;
    expect(panel.textContent).not.toMatch(CJK);
    expect(chineseLabels(panel)).toEqual([]);
    expect(screen.getByText('No saved queries')).toBeInTheDocument();
  }, 60_000);

  it('asks in English before a form dialog drops what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ChangePasswordModal open username="admin" onClose={vi.fn()} />);
    await user.type(screen.getByPlaceholderText('Enter the current password'), 'old-secret');
    await user.click(document.querySelector<HTMLElement>('.ant-modal-footer button')!);
    const [ask] = await screen.findAllByText('Discard unsaved changes?', { selector: '.ant-modal-confirm-title' });
    const confirm = ask!.closest('.ant-modal') as HTMLElement;
    expect(within(confirm).getByText('What you entered here will not be saved.')).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Keep editing' })).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Discard changes' })).toBeInTheDocument();
    for (const d of dialogs()) expect(d.textContent).not.toMatch(CJK);
  }, 60_000);
});
