// The cron editor and the markdown editor in English (issue 17): the cron dialog (tabs, modes, inputs'
// labels, weekday names, preview) and the markdown editor's toolbar and mode switch show no Chinese.
import './editors/testing/domShims';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CJK } from '@anxue/shared/i18n';
import { setLocaleForTest } from '../lib/i18n';
import { renderWithProviders } from './tree/testing';
import { CronEditor } from './cron-editor';
import { MarkdownEditor } from './editors/MarkdownEditor';

configure({ asyncUtilTimeout: 30_000 });
beforeAll(() => setLocaleForTest('en-US'));
afterAll(() => setLocaleForTest('zh-CN'));

/** Also what only assistive technology reads: labels, placeholders, titles. */
function chineseLabels(el: Element): string[] {
  return [...el.querySelectorAll('[aria-label], [placeholder], [title], [alt]')]
    .flatMap((n) => ['aria-label', 'placeholder', 'title', 'alt'].map((a) => n.getAttribute(a) ?? ''))
    .filter((v) => CJK.test(v));
}
const panel = () => document.querySelector<HTMLElement>('.ant-tabs-tabpane-active')!;

describe('widgets in English', () => {
  it('the cron editor and its dialog, on every tab', async () => {
    renderWithProviders(<CronEditor value="0 0 25 * * ?" onChange={() => {}} />);
    expect(screen.getByPlaceholderText('Enter the cron expression')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Choose/ }));
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('.ant-modal')!);
    expect(within(dialog).getByText('Cron expression')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Second', 'Minute', 'Hour', 'Day', 'Month', 'Week', 'Year']);
    expect(
      within(dialog).getByText('The expression could not be read (The value 25 of the hour field is outside 0-23); the defaults are loaded'),
    ).toBeInTheDocument();
    expect(within(panel()).getByLabelText('Every')).toBeInTheDocument();
    expect(within(panel()).getByLabelText('Second step')).toBeInTheDocument();
    expect(within(dialog).getByText('Next 10 run times')).toBeInTheDocument();
    for (const tab of ['Second', 'Minute', 'Hour', 'Day', 'Month', 'Week', 'Year']) {
      fireEvent.click(within(dialog).getByText(tab, { selector: '.ant-tabs-tab-btn' }));
      await waitFor(() => expect(panel().closest('.ant-tabs')!.querySelector('.ant-tabs-tab-active')!.textContent).toBe(tab));
      expect(dialog.textContent).not.toMatch(CJK);
      expect(chineseLabels(dialog)).toEqual([]);
    }
    fireEvent.click(within(dialog).getByText('Day', { selector: '.ant-tabs-tab-btn' }));
    await waitFor(() => expect(within(panel()).getByLabelText('On the last day of the month')).toBeInTheDocument());
    expect(within(panel()).getAllByText('Mon').length).toBeGreaterThan(0);
  }, 60_000);

  it('the markdown editor: toolbar and mode switch', () => {
    const { container } = renderWithProviders(<MarkdownEditor value="" />);
    const modes = [...container.querySelectorAll('.ant-segmented-item-label')].map((n) => n.textContent);
    expect(modes).toEqual(['Edit', 'Live preview', 'Preview']);
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Heading' })).toBeInTheDocument();
    expect(container.textContent).not.toMatch(CJK);
    expect(chineseLabels(container)).toEqual([]);
  });
});
