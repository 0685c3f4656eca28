import { z } from 'zod';

/** Plain dictionary codes only: table dictionaries (`table,text,code`) are not served here. */
export const dictCodeParams = z.object({
  code: z.string().regex(/^[A-Za-z0-9_]{1,100}$/, '字典Code格式不正确！'),
});
