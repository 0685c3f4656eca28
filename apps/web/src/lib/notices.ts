// Notices for code in the entry chunk (http client, logout, route guard). The notice components load
// on first use, so the sign-in page does not carry them.
const statics = () => import('./antdStatic');

export async function showError(description: string, title?: string, duration?: number): Promise<void> {
  const { notification } = await statics();
  notification.error({ message: title, description, duration });
}

export async function toastError(text: string): Promise<void> {
  const { message } = await statics();
  void message.error(text);
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
