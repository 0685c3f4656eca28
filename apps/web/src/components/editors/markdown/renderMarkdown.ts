// The markdown preview: marked turns the text into HTML, DOMPurify removes anything able to run code
// (handlers, javascript: links, scripts) before it reaches the page.
import DOMPurify from 'dompurify';
import { marked } from 'marked';

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown ?? '', { async: false, gfm: true, breaks: true }) as string;
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

/** `![remark](url)` with the characters that would break the syntax escaped. */
export function imageMarkdown(url: string, remark = ''): string {
  const alt = remark.replace(/[[\]\\]/g, (c) => `\\${c}`);
  const href = url.trim().replace(/ /g, '%20').replace(/\(/g, '%28').replace(/\)/g, '%29');
  return `![${alt}](${href})`;
}
