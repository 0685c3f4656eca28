// A log's content in the interface language. The server records it in Chinese as it happened: an
// operation as its route's OpenAPI tag and summary (`职务管理-添加职务`, see the server's operation-log.ts), a
// sign-in as a sentence (`用户名: admin,登录成功！`). The catalogue knows the sentences, the tags and the
// summaries (packages/shared/src/i18n-en-server.ts); a content it does not know shows as recorded.
import { CJK } from '@anxue/shared/i18n';
import { t } from '../../../lib/i18n';

/** The content translated as a whole, else as tag and summary (`Positions - Add position`), else as recorded. */
export function logContentText(content: string): string {
  if (!CJK.test(content)) return content;
  const whole = t(content);
  if (whole !== content) return whole;
  const dash = content.indexOf('-');
  if (dash <= 0) return content;
  const [tag, summary] = [content.slice(0, dash), content.slice(dash + 1)];
  const [tagText, summaryText] = [t(tag), t(summary)];
  return tagText === tag && summaryText === summary ? content : `${tagText} - ${summaryText}`;
}
