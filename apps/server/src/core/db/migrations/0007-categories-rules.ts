import type { Kysely, Migration } from 'kysely';

// Placeholder: the issue that owns these tables fills this in.
export const categoriesRules: Migration = {
  async up(_db: Kysely<any>) {},
};
