import { z } from 'zod';

export const listByUserQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
