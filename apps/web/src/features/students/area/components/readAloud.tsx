// Reading aloud for children who do not read fluently yet: the browser's own speech synthesis (no outside
// service) reads a question, its options, a hazard's explanation or a lesson's text in the interface's
// language. A 🔊 button next to each reads it on a tap; the 自动朗读 switch in the area's header also reads
// each new question as it is shown. The switch is remembered per user on this browser; until the user
// sets it, it is on for the youngest grades (READ_ALOUD_GRADES). Without speechSynthesis nothing shows.
import { useEffect } from 'react';
import { SoundFilled, SoundOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { STUDY_PERMISSION } from '@anxue/shared/students-base';
import { http } from '../../../../lib/http';
import { currentLocale, t } from '../../../../lib/i18n';
import { usePermission } from '../../../../lib/permission';
import { useSession } from '../../../../lib/session/store';
import { localStore } from '../../../../lib/storage';
import type { QuestionShape } from './QuestionCard';
import './readAloud.css';

/**
 * The youngest grades, by their value in the 年级 dictionary (stu_grade): 一年级, 二年级, 三年级 — the first
 * years of primary school, whose children are still learning to read. A student in a class of one of these
 * grades hears questions read aloud unless they turn it off.
 */
export const READ_ALOUD_GRADES: readonly string[] = ['1', '2', '3'];

const STORAGE_PREFIX = 'STUDENT_READ_ALOUD_';

/** Whether this browser can speak (jsdom and some embedded browsers cannot). */
export function speechAvailable(): boolean {
  return typeof window !== 'undefined' && !!window.speechSynthesis && typeof SpeechSynthesisUtterance !== 'undefined';
}

/** The speech language for the interface's language. */
export function speechLang(): string {
  return currentLocale() === 'en-US' ? 'en-US' : 'zh-CN';
}

// Some browsers stop a long utterance part way: a long text is read as a queue of sentences.
const CHUNK = 160;
function chunks(text: string): string[] {
  const sentences = text.match(/[^。！？!?.;；\n]+[。！？!?.;；\n]*/g) ?? [text];
  const out: string[] = [];
  let current = '';
  for (const s of sentences) {
    if (current && (current + s).length > CHUNK) {
      out.push(current);
      current = '';
    }
    current += s;
  }
  if (current.trim()) out.push(current);
  return out.map((c) => c.trim()).filter(Boolean);
}

/** Reads the text, replacing whatever is being read; answers whether it was handed to the browser. */
export function speak(text: string | null | undefined): boolean {
  const spoken = text?.replace(/\s+/g, ' ').trim();
  if (!spoken || !speechAvailable()) return false;
  const synth = window.speechSynthesis;
  synth.cancel();
  const lang = speechLang();
  for (const part of chunks(spoken)) {
    const u = new SpeechSynthesisUtterance(part);
    u.lang = lang;
    // children follow better a little slower than the default
    u.rate = 0.9;
    synth.speak(u);
  }
  return true;
}

export function stopSpeaking(): void {
  if (speechAvailable()) window.speechSynthesis.cancel();
}

/** Parts read one after another, with the pause of a sentence's end between them. */
export function sentences(parts: Array<string | null | undefined>): string {
  const en = currentLocale() === 'en-US';
  return parts
    .map((p) => p?.trim())
    .filter((p): p is string => !!p)
    .map((p) => (/[。！？!?.…:：;；]$/.test(p) ? p : `${p}${en ? '.' : '。'}`))
    .join(en ? ' ' : '');
}

/** A question's options as read: "A，用水浇灭。B，切断电源。" (true/false in the interface's words). */
export function optionsSpeech(q: QuestionShape): string {
  const comma = currentLocale() === 'en-US' ? ', ' : '，';
  return sentences(q.options.map((o) => `${o.label}${comma}${q.type === 'judge' ? t(o.content, undefined, 'judge') : o.content}`));
}

/** A question as read: its kind, the stem, then the options. */
export function questionSpeech(q: QuestionShape, kind?: string): string {
  return sentences([kind, q.stem, optionsSpeech(q)]);
}

/** A hazard's explanation as read: what it is, the danger, what to do (as the page shows them). */
export function hazardSpeech(r: { title: string; risk: string | null; fix: string | null }, found = false): string {
  return sentences([found ? t('找到了：{title}', { title: r.title }) : r.title, r.risk && t('危险：{text}', { text: r.risk }), r.fix && t('怎么做：{text}', { text: r.fix })]);
}

/** The plain text of an article's HTML (what a reader hears of it). */
export function htmlSpeech(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script,style').forEach((n) => n.remove());
  // block ends are sentence breaks, so paragraphs do not run together
  doc.querySelectorAll('p,div,li,h1,h2,h3,h4,h5,h6,br,tr').forEach((n) => n.after('\n'));
  return (doc.body.textContent ?? '').replace(/[ \t]+/g, ' ').replace(/\n\s*/g, '\n').trim();
}

// bumped on every change of a choice, so each switch and reader on the page follows it
const useChoiceVersion = create<{ n: number }>(() => ({ n: 0 }));

function storedChoice(userId: string): boolean | undefined {
  const saved = localStore.get<boolean>(STORAGE_PREFIX + userId);
  return typeof saved === 'boolean' ? saved : undefined;
}

interface MyClassGrades {
  classes: Array<{ classId: string; grade: string | null }>;
}

/** Whether any of the classes is in one of the youngest grades. */
export function youngGrade(grades: Array<string | null | undefined>): boolean {
  return grades.some((g) => !!g && READ_ALOUD_GRADES.includes(String(g).trim()));
}

/**
 * The 自动朗读 switch of the signed-in user: their own choice, else on when one of their classes is in a
 * youngest grade. `shown` is false where nothing can be read (no speech, or not a student).
 */
export function useReadAloud(): { on: boolean; shown: boolean; set: (on: boolean) => void } {
  const userId = useSession((s) => (s.info?.id ? String(s.info.id) : s.username));
  const studies = usePermission().has(STUDY_PERMISSION);
  const shown = speechAvailable() && studies && !!userId;
  useChoiceVersion((s) => s.n);
  const chosen = userId ? storedChoice(userId) : undefined;
  const mine = useQuery({
    // the same call and key as 加入班级's list: joining a class refreshes it
    queryKey: ['study', 'myClasses'],
    queryFn: () => http.get<MyClassGrades>('/students/study/myClasses', undefined, { silent: true }),
    enabled: shown && chosen === undefined,
    staleTime: 5 * 60_000,
  });
  const on = shown && (chosen ?? youngGrade((mine.data?.classes ?? []).map((c) => c.grade)));
  const set = (next: boolean) => {
    localStore.set(STORAGE_PREFIX + userId, next);
    useChoiceVersion.setState((s) => ({ n: s.n + 1 }));
    if (!next) stopSpeaking();
  };
  return { on, shown, set };
}

/** The header's switch: 44 px, on or off for this user. */
export function ReadAloudSwitch() {
  const { on, shown, set } = useReadAloud();
  if (!shown) return null;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={t('自动朗读')}
      title={on ? t('自动朗读已打开：新题目出现时会读出来') : t('自动朗读已关闭')}
      className={`read-aloud-switch${on ? ' on' : ''}`}
      onClick={() => set(!on)}
    >
      {on ? <SoundFilled aria-hidden /> : <SoundOutlined aria-hidden />}
      {/* the word is the switch's name; on or off shows in its colour and icon */}
      <span className="read-aloud-switch-text">{t('自动朗读')}</span>
    </button>
  );
}

/** A 🔊 button reading `text` on a tap; nothing without speech or text. `label` names what it reads. */
export function SpeakButton({ text, label, caption, className }: { text: string | (() => string); label?: string; caption?: string; className?: string }) {
  if (!speechAvailable() || (typeof text === 'string' && !text.trim())) return null;
  return (
    <button
      type="button"
      className={`read-aloud-button${caption ? ' read-aloud-captioned' : ''}${className ? ` ${className}` : ''}`}
      aria-label={label ?? t('朗读')}
      title={label ?? t('朗读')}
      onClick={(e) => {
        // a button inside a tappable card reads, and does not also choose
        e.stopPropagation();
        speak(typeof text === 'string' ? text : text());
      }}
    >
      <SoundOutlined aria-hidden />
      {caption && <span>{caption}</span>}
    </button>
  );
}

/**
 * Reads `text` when it is shown (and when it changes) while the user's switch is on; stops reading when it
 * leaves the screen. `when` false holds it back (e.g. a list of many questions).
 */
export function useAutoRead(text: string | null | undefined, when = true): void {
  const { on } = useReadAloud();
  const active = on && when && !!text?.trim();
  useEffect(() => {
    if (!active) return;
    speak(text);
    return stopSpeaking;
  }, [active, text]);
}
