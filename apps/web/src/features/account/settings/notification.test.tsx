// 新消息通知: the switches are kept with this browser's settings; 桌面通知 asks the browser first and, once
// allowed, a pushed notice becomes a system notification while the tab is hidden. The browser's
// Notification API is stubbed (jsdom has none).
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@anxue/shared/constants';
import { resetDisplay, useDisplay } from '../../../lib/display/store';
import { showDesktopNotice } from '../../../lib/desktopNotice';
import { localStore } from '../../../lib/storage';
import NotificationSettingsPage from './Notification.page';

const shown: Array<{ title: string; body?: string }> = [];
let answer: NotificationPermission = 'granted';
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static requestPermission = vi.fn(async () => (FakeNotification.permission = answer));
  onclick: (() => void) | null = null;
  constructor(title: string, opts: { body?: string }) {
    shown.push({ title, body: opts.body });
  }
  close() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetDisplay();
  shown.length = 0;
  FakeNotification.permission = 'default';
});

const page = () =>
  render(
    <MemoryRouter>
      <NotificationSettingsPage />
    </MemoryRouter>,
  );

describe('新消息通知', () => {
  it('keeps the popup switch, and turns desktop notices on once the browser allows them', async () => {
    vi.stubGlobal('Notification', FakeNotification);
    page();
    fireEvent.click(screen.getByRole('switch', { name: '站内弹窗提醒' }));
    expect(useDisplay.getState().noticePopup).toBe(false);
    expect(localStore.get<{ noticePopup: boolean }>(STORAGE_KEYS.displaySettings)?.noticePopup).toBe(false);

    fireEvent.click(screen.getByRole('switch', { name: '桌面通知' }));
    await waitFor(() => expect(useDisplay.getState().desktopNotices).toBe(true));
    expect(FakeNotification.requestPermission).toHaveBeenCalled();
    expect(screen.getByText(/浏览器已允许显示通知/)).toBeInTheDocument();

    // a pushed notice while the tab is hidden
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(showDesktopNotice('消防演练通知', { enabled: useDisplay.getState().desktopNotices })).toBe(true);
    expect(shown).toEqual([{ title: '新消息', body: '消防演练通知' }]);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    expect(showDesktopNotice('第二条', { enabled: true })).toBe(false);
  });

  it('stays off when the browser refuses, and says so', async () => {
    answer = 'denied';
    vi.stubGlobal('Notification', FakeNotification);
    page();
    fireEvent.click(screen.getByRole('switch', { name: '桌面通知' }));
    await waitFor(() => expect(screen.getByText(/浏览器已拒绝显示通知/)).toBeInTheDocument());
    expect(useDisplay.getState().desktopNotices).toBe(false);
    answer = 'granted';
  });
});
