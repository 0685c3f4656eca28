// Notices for code in the entry chunk (http client, logout, route guard). The notice components load
// on first use, so the sign-in page does not carry them.
import type { ModalFuncProps } from 'antd';

const statics = () => import('./antd/static');

/** A notice in the bottom corner (a message pushed while the page is open). */
export async function showInfo(message: string, description: string, duration = 6): Promise<void> {
  const { notification } = await statics();
  notification.info({ message, description, placement: 'bottomRight', duration });
}

/** antd's confirmation dialog; its code loads when first asked, so a screen that may ask does not carry it. */
export async function confirmDialog(opts: ModalFuncProps): Promise<void> {
  const { Modal } = await statics();
  Modal.confirm(opts);
}

export async function showError(description: string, title?: string, duration?: number): Promise<void> {
  const { notification } = await statics();
  notification.error({ message: title, description, duration });
}

export async function toastError(text: string): Promise<void> {
  const { message } = await statics();
  void message.error(text);
}

export async function toastSuccess(text: string): Promise<void> {
  const { message } = await statics();
  void message.success(text);
}

export async function toastInfo(text: string): Promise<void> {
  const { message } = await statics();
  void message.info(text);
}

/** A loading message that stays until the page goes away (or the notices are destroyed). */
export async function showLoading(text: string): Promise<void> {
  const { message } = await statics();
  void message.loading(text, 0);
}

export async function showModalError(opts: { title: string; content: string; okText: string; onOk: () => Promise<void> | void }): Promise<void> {
  const { Modal } = await statics();
  Modal.error({ ...opts, mask: false });
}

export async function destroyNotices(): Promise<void> {
  const { Modal, notification, message } = await statics();
  Modal.destroyAll();
  notification.destroy();
  message.destroy();
}
