// Article text of a lesson: the server sends sanitised HTML; it is cleaned again before it is shown.
// DOMPurify loads with the first article that holds markup: a video or picture lesson never fetches it.
import { useEffect, useState } from 'react';

type Sanitize = (html: string) => string;
let sanitize: Sanitize | undefined;
const loadSanitize = () => import('dompurify').then((m) => (sanitize = (html: string) => m.default.sanitize(html)));

export function RichText({ html, className }: { html: string; className?: string }) {
  const plain = !/[<&]/.test(html);
  const [ready, setReady] = useState(!!sanitize);
  useEffect(() => {
    if (plain || ready) return;
    let live = true;
    void loadSanitize().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [plain, ready]);
  const cls = `area-article ${className ?? ''}`;
  // text without markup or entities is shown as it is: nothing in it to clean
  if (plain) return <div className={cls}>{html}</div>;
  return <div className={cls} dangerouslySetInnerHTML={{ __html: ready && sanitize ? sanitize(html) : '' }} />;
}
