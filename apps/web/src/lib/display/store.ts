// Display settings (spec/01 §3), kept in localStorage; device and sidebar state follow the window.
import { create } from 'zustand';
import { BREAKPOINTS, DEFAULT_DISPLAY_SETTINGS, STORAGE_KEYS, type DisplaySettings } from '@anxue/shared/constants';
import { localStore } from '../storage';

export type Device = 'desktop' | 'mobile';

/**
 * The shared settings plus the browser-only ones: 暗黑模式 (the whole page dark) and how a pushed notice
 * is told (新消息通知: read aloud, an in-page popup, a system notification while the tab is hidden).
 */
export interface WebDisplaySettings extends DisplaySettings {
  speakNotices: boolean;
  noticePopup: boolean;
  desktopNotices: boolean;
  darkMode: boolean;
}
export const DISPLAY_DEFAULTS: WebDisplaySettings = { ...DEFAULT_DISPLAY_SETTINGS, speakNotices: true, noticePopup: true, desktopNotices: false, darkMode: false };
const DEFAULTS = DISPLAY_DEFAULTS;

export interface DisplayState extends WebDisplaySettings {
  device: Device;
}

const saved = (): WebDisplaySettings => ({ ...DEFAULTS, ...(localStore.get<Partial<WebDisplaySettings>>(STORAGE_KEYS.displaySettings) ?? {}) });

export function deviceFor(width: number): Device {
  return width <= BREAKPOINTS.mobile ? 'mobile' : 'desktop';
}

export const useDisplay = create<DisplayState>(() => {
  const device = typeof window === 'undefined' ? 'desktop' : deviceFor(window.innerWidth);
  const settings = saved();
  return { ...settings, device, sidebarOpened: device === 'mobile' ? false : settings.sidebarOpened };
});

export function updateDisplay(patch: Partial<WebDisplaySettings>): void {
  useDisplay.setState(patch);
  const { device: _device, ...settings } = useDisplay.getState();
  localStore.set(STORAGE_KEYS.displaySettings, settings);
}

/** Back to the defaults (重置), keeping the sidebar as the device has it. */
export function resetDisplay(): void {
  const { sidebarOpened } = useDisplay.getState();
  useDisplay.setState({ ...DISPLAY_DEFAULTS, sidebarOpened });
  localStore.remove(STORAGE_KEYS.displaySettings);
}

/** The settings a user can hand to a colleague or an administrator (拷贝设置): the stored ones, as JSON. */
export function displaySettingsText(): string {
  const { device: _device, sidebarOpened: _sidebar, ...settings } = useDisplay.getState();
  return JSON.stringify(settings, null, 2);
}

/** Window width changed: at ≤1088 px the device is mobile and the sidebar closes. */
export function applyWidth(width: number): void {
  const device = deviceFor(width);
  if (device === useDisplay.getState().device) return;
  useDisplay.setState({ device, sidebarOpened: device === 'desktop' });
}
