// Prompt dialog (spec/02 §4): one input checked with the caller's rules, then the caller's onOk runs.
// An asynchronous onOk keeps the dialog open with a loading OK button until it settles; a rejected or
// thrown onOk keeps it open so the user can correct the value.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigProvider, Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import zhCN from 'antd/es/locale/zh_CN';
import { t } from '../../lib/i18n';

export interface PromptOptions {
  title?: ReactNode;
  /** Text above the input. */
  content?: ReactNode;
  placeholder?: string;
  defaultValue?: string;
  /** antd Form rules for the value (spec/02 §5: supplied by the caller). */
  rules?: Rule[];
  /**
   * Runs with the checked value; a promise keeps the dialog open until it settles. Rejecting, throwing
   * or answering false keeps the dialog open.
   */
  onOk?: (value: string) => unknown;
  onCancel?: () => void;
  okText?: string;
  cancelText?: string;
  width?: number;
}

export interface PromptDialogProps extends PromptOptions {
  open: boolean;
  /** Called when the dialog should close (after a successful onOk, or on cancel). */
  onClose: () => void;
  afterClose?: () => void;
}

export function PromptDialog({ open, title = t('请输入'), content, placeholder = t('请输入'), defaultValue = '', rules, onOk, onCancel, onClose, afterClose, okText = t('确定'), cancelText = t('取消'), width = 416 }: PromptDialogProps) {
  const [form] = Form.useForm<{ value: string }>();
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);

  useEffect(() => {
    if (open) form.setFieldsValue({ value: defaultValue });
  }, [open, defaultValue, form]);

  const ok = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      if (await run()) onClose();
    } finally {
      busy.current = false;
    }
  };

  /** Checks the value and runs onOk; true when the dialog may close. */
  const run = async (): Promise<boolean> => {
    let value: string;
    try {
      value = (await form.validateFields()).value ?? '';
    } catch {
      return false;
    }
    try {
      let result = onOk?.(value);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        setLoading(true);
        result = await result;
      }
      // An explicit false also means "not done yet".
      if (result === false) return false;
    } catch {
      // The caller reports its own failure; the dialog stays for another try.
      return false;
    } finally {
      setLoading(false);
    }
    return true;
  };

  const cancel = () => {
    if (busy.current) return;
    onCancel?.();
    onClose();
  };

  return (
    <Modal
      title={title}
      open={open}
      onOk={ok}
      onCancel={cancel}
      afterClose={afterClose}
      confirmLoading={loading}
      okText={okText}
      cancelText={cancelText}
      width={width}
      maskClosable={false}
      destroyOnHidden
    >
      {content && <div style={{ marginBottom: 12 }}>{content}</div>}
      <Form form={form} onFinish={ok} initialValues={{ value: defaultValue }}>
        <Form.Item name="value" rules={rules} style={{ marginBottom: 0 }}>
          <Input placeholder={placeholder} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Opens a prompt dialog outside any component tree; returns a handle that closes it. Rendered in its
 * own root with the Chinese antd locale, and removed once its closing animation ends.
 */
export function prompt(options: PromptOptions): { close: () => void } {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  let open = true;
  const render = () =>
    root.render(
      <ConfigProvider locale={zhCN}>
        <PromptDialog {...options} open={open} onClose={close} afterClose={destroy} />
      </ConfigProvider>,
    );
  function close() {
    if (!open) return;
    open = false;
    render();
  }
  function destroy() {
    // Unmounting inside React's own commit is refused; leave the current task first.
    setTimeout(() => {
      root.unmount();
      host.remove();
    }, 0);
  }
  render();
  return { close };
}
