import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@anxue/shared/constants';
import { localStore } from '../../lib/storage';
import { speakNotice } from '../../lib/speech';
import { DISPLAY_DEFAULTS, updateDisplay, useDisplay } from '../../lib/display/store';
import { SettingsDrawer } from './SettingsDrawer';

// 语音播报 in 系统设置: on by default, kept with the other display settings, and what the bell passes to
// speakNotice (the browser's speechSynthesis is stubbed: jsdom has none).
let spoken: string[];
beforeEach(() => {
  spoken = [];
  vi.stubGlobal('SpeechSynthesisUtterance', class { constructor(public text: string) {} });
  vi.stubGlobal('speechSynthesis', { speak: (u: { text: string }) => spoken.push(u.text), cancel: () => {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  updateDisplay({ speakNotices: true });
});

describe('语音播报 display setting', () => {
  it('is on by default and, switched off, is kept and silences pushed notices', () => {
    render(<SettingsDrawer open onClose={() => {}} />);
    const toggle = screen.getByRole('switch', { name: '语音播报' });
    expect(toggle).toBeChecked();
    speakNotice('防溺水提醒', { enabled: useDisplay.getState().speakNotices });
    expect(spoken).toEqual(['防溺水提醒']);

    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(localStore.get<{ speakNotices: boolean }>(STORAGE_KEYS.displaySettings)?.speakNotices).toBe(false);
    speakNotice('防溺水提醒', { enabled: useDisplay.getState().speakNotices });
    expect(spoken).toEqual(['防溺水提醒']);
  });
});

describe('暗黑模式, 拷贝设置 and 重置', () => {
  it('keeps dark mode, copies the settings as JSON and resets to the defaults', async () => {
    let copied = '';
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async (t: string) => void (copied = t) } });
    render(<SettingsDrawer open onClose={() => {}} />);
    fireEvent.click(screen.getByRole('switch', { name: '暗黑模式' }));
    expect(useDisplay.getState().darkMode).toBe(true);
    expect(localStore.get<{ darkMode: boolean }>(STORAGE_KEYS.displaySettings)?.darkMode).toBe(true);

    fireEvent.click(screen.getByText('拷贝设置'));
    await vi.waitFor(() => expect(copied).not.toBe(''));
    expect(JSON.parse(copied)).toMatchObject({ darkMode: true, layout: 'sidemenu', primaryColor: DISPLAY_DEFAULTS.primaryColor });

    fireEvent.click(screen.getByText('重 置'));
    expect(useDisplay.getState().darkMode).toBe(false);
    expect(screen.getByRole('switch', { name: '暗黑模式' })).not.toBeChecked();
    expect(localStore.get(STORAGE_KEYS.displaySettings)).toBeFalsy();
  });
});
