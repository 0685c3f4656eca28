// Reads a pushed notice aloud with the browser's own speech synthesis (no outside service). Browsers
// without it (or a page test's jsdom) stay silent.

export interface SpeakOptions {
  /** The 语音播报 display setting: off means silent. */
  enabled: boolean;
  lang?: string;
}

/** Speaks the text, replacing anything still being read; answers whether it was handed to the browser. */
export function speakNotice(text: string | undefined | null, { enabled, lang = 'zh-CN' }: SpeakOptions): boolean {
  const spoken = text?.trim();
  if (!enabled || !spoken) return false;
  const synth = typeof window === 'undefined' ? undefined : window.speechSynthesis;
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return false;
  const utterance = new SpeechSynthesisUtterance(spoken);
  utterance.lang = lang;
  // A burst of releases reads the newest, not a queue of stale ones.
  synth.cancel();
  synth.speak(utterance);
  return true;
}
