import { z } from 'zod';

/**
 * Chinese messages for every zod schema: zod's zh-CN locale, with a plainer sentence for a missing
 * value than "expected string, received undefined".
 */
export function useChineseZodMessages(): void {
  z.config(z.locales.zhCN());
  z.config({
    customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? '不能为空' : undefined),
  });
}
