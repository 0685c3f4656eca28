// A pushed notice as a system notification of the operating system (桌面通知), for a user whose tab is in
// the background. Browsers without the Notification API, or a user who refused it, get nothing.

export type DesktopPermission = 'granted' | 'denied' | 'default' | 'unsupported';

export function desktopPermission(): DesktopPermission {
  if (typeof window === 'undefined' || typeof window.Notification === 'undefined') return 'unsupported';
  return window.Notification.permission;
}

/** Asks the browser for permission (only from a user's click); answers what it says. */
export async function requestDesktopPermission(): Promise<DesktopPermission> {
  if (desktopPermission() === 'unsupported') return 'unsupported';
  return window.Notification.requestPermission();
}

/**
 * Shows the notice when enabled, permitted and the page is not in view (in view, the bell and the in-page
 * popup already tell); answers whether it was shown. A click brings the tab forward.
 */
export function showDesktopNotice(title: string | undefined | null, opts: { enabled: boolean; tag?: string }): boolean {
  const text = title?.trim();
  if (!opts.enabled || !text || desktopPermission() !== 'granted' || document.visibilityState === 'visible') return false;
  const n = new window.Notification('新消息', { body: text, tag: opts.tag });
  n.onclick = () => {
    window.focus();
    n.close();
  };
  return true;
}
