// Article text of a lesson: the server sends sanitised HTML; it is cleaned again before it is shown.
import { useMemo } from 'react';
import DOMPurify from 'dompurify';

export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return <div className={`area-article ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
