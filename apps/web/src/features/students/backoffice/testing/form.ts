// Reaching form controls of a dialog by their labels, as a user does.
import { fireEvent, within } from '@testing-library/react';
import { openSelect, pickOption } from '../../../../components/dict/testing/formHarness';

/** The form item whose label is exactly `label`. */
export function formItem(root: HTMLElement, label: string): HTMLElement {
  const item = within(root)
    .getAllByText(label, { selector: 'label' })
    .map((l) => l.closest('.ant-form-item') as HTMLElement)
    .find(Boolean);
  if (!item) throw new Error(`no form item labelled ${label}`);
  return item;
}

/** Picks an option of the select of the form item labelled `label`. */
export async function choose(root: HTMLElement, label: string, option: string) {
  openSelect(formItem(root, label));
  await pickOption(option);
}

/** Picks an option of the select whose input is labelled `label` (aria-label). */
export async function chooseLabelled(root: HTMLElement, label: string, option: string) {
  openSelect(within(root).getAllByLabelText(label)[0].closest('.ant-select') as HTMLElement);
  await pickOption(option);
}

/** Types into the text box (input or textarea) of the form item labelled `label`. */
export function typeInto(root: HTMLElement, label: string, text: string) {
  const box = formItem(root, label).querySelector('input:not([type=hidden]), textarea') as HTMLInputElement;
  fireEvent.change(box, { target: { value: text } });
}
