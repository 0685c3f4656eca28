// Widgets under test sit in a real antd Form, as pages use them; the test reads what the form holds.
import type { ReactNode } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { renderWithProviders } from '../../tree/testing';

export function renderInForm(field: ReactNode, initialValues: Record<string, unknown> = {}) {
  const holder: { form?: FormInstance } = {};
  function Harness() {
    const [form] = Form.useForm();
    holder.form = form;
    return (
      <Form form={form} initialValues={initialValues}>
        <Form.Item label="字段" name="field">
          {field}
        </Form.Item>
      </Form>
    );
  }
  const view = renderWithProviders(<Harness />);
  return { ...view, value: () => holder.form!.getFieldValue('field') as unknown, form: () => holder.form! };
}

/** Opens an antd select (or tree select / cascader) by its selector box. */
export function openSelect(root: ParentNode = document) {
  const selector = root.querySelector('.ant-select-selector') ?? root.querySelector('.ant-select');
  fireEvent.mouseDown(selector as HTMLElement);
}

/** The visible options of open select dropdowns. */
export function visibleOptions(): string[] {
  return [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((el) => el.textContent ?? '');
}

export async function pickOption(text: string) {
  const option = await screen.findByText(text, { selector: '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content' });
  fireEvent.click(option);
}
