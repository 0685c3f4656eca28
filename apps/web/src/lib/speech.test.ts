import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { speakNotice } from './speech';

// speechSynthesis is the browser's, not ours: jsdom has none, so a stub stands in and records what was
// handed to it.
class FakeUtterance {
  lang = '';
  constructor(public text: string) {}
}
let spoken: FakeUtterance[];
let cancelled: number;

beforeEach(() => {
  spoken = [];
  cancelled = 0;
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  vi.stubGlobal('speechSynthesis', { speak: (u: FakeUtterance) => spoken.push(u), cancel: () => cancelled++ });
});
afterEach(() => vi.unstubAllGlobals());

describe('speakNotice', () => {
  it('reads the pushed text aloud in Chinese when 语音播报 is on', () => {
    expect(speakNotice('明天上午九点消防演练', { enabled: true })).toBe(true);
    expect(spoken.map((u) => [u.text, u.lang])).toEqual([['明天上午九点消防演练', 'zh-CN']]);
  });

  it('stays silent when 语音播报 is off', () => {
    expect(speakNotice('明天上午九点消防演练', { enabled: false })).toBe(false);
    expect(spoken).toEqual([]);
  });

  it('cuts short what is still being read, so a burst of releases reads the newest', () => {
    speakNotice('第一条', { enabled: true });
    speakNotice('第二条', { enabled: true });
    expect(cancelled).toBe(2);
    expect(spoken.map((u) => u.text)).toEqual(['第一条', '第二条']);
  });

  it('says nothing for an empty push, and nothing where the browser has no speech synthesis', () => {
    expect(speakNotice('  ', { enabled: true })).toBe(false);
    vi.stubGlobal('speechSynthesis', undefined);
    expect(speakNotice('通知', { enabled: true })).toBe(false);
    expect(spoken).toEqual([]);
  });
});
