// Display settings (spec/01 §3), kept in localStorage; device and sidebar state follow the window.
import { create } from 'zustand';
import { BREAKPOINTS, DEFAULT_DISPLAY_SETTINGS, STORAGE_KEYS, type DisplaySettings } from '@anxue/shared/constants';
import { localStore } from '../../lib/storage';

export type Device = 'desktop' | 'mobile';

/** The shared settings plus the browser-only ones (语音播报: pushed notices read aloud). */
export interface WebDisplaySettings extends DisplaySettings {
  speakNotices: boolean;
}
const DEFAULTS: WebDisplaySettings = { ...DEFAULT_DISPLAY_SETTINGS, speakNotices: true };

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

/** Window width changed: at ≤1088 px the device is mobile and the sidebar closes. */
export function applyWidth(width: number): void {
  const device = deviceFor(width);
  if (device === useDisplay.getState().device) return;
  useDisplay.setState({ device, sidebarOpened: device === 'desktop' });
}
