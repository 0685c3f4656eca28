import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// Dictionary sources (issue 4): the declaration of which tables and columns table dictionaries,
// tree dictionaries and duplicate checks may read. Seeded by seed/dict-sources.ts.
export const dictSources: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('sys_dict_source'))
        .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('fields', 'varchar(1000)')
        .addColumn('description', 'varchar(255)'),
    ).execute();
    await db.schema.createIndex('uniq_sys_dict_source_table').on('sys_dict_source').column('table_name').unique().execute();
  },
};
