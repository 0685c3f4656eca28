import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table: string;
  schema: string;
  kind: string;
  column: string;
  dataType: string;
  dataTypeSchema: string;
  nullable: string;
  defaultValue: string | null;
  identity: string;
  comment: string | null;
}

/**
 * Kysely's PostgreSQL introspector reads every schema on the server, and resolves each column's sequence
 * by name while it does: when another install (or another test) on the same server alters a table of its
 * own schema at that moment, the whole listing fails with "column … does not exist". This install only
 * ever looks at its own schema (the search_path's first), so that is all it reads.
 */
export class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const r = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return r.rows.map((row) => ({ name: row.name }));
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const r = await sql<ColumnRow>`
      select t.table_name as "table", t.table_schema as "schema", t.table_type as kind,
             c.column_name as "column", c.udt_name as "dataType", c.udt_schema as "dataTypeSchema",
             c.is_nullable as nullable, c.column_default as "defaultValue", c.is_identity as identity,
             pg_catalog.col_description(format('%I.%I', t.table_schema, t.table_name)::regclass, c.ordinal_position::int) as comment
        from information_schema.tables t
        join information_schema.columns c on c.table_schema = t.table_schema and c.table_name = t.table_name
       where t.table_schema = current_schema()
       order by t.table_name, c.ordinal_position`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const row of r.rows) {
      if (!options.withInternalKyselyTables && (row.table === 'kysely_migration' || row.table === 'kysely_migration_lock')) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'VIEW', columns: [] };
        tables.set(row.table, table);
      }
      (table.columns as TableMetadata['columns'][number][]).push({
        name: row.column,
        dataType: row.dataType,
        dataTypeSchema: row.dataTypeSchema,
        isNullable: row.nullable === 'YES',
        isAutoIncrementing: row.identity === 'YES' || (row.defaultValue ?? '').startsWith('nextval('),
        hasDefaultValue: row.defaultValue !== null || row.identity === 'YES',
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL as Kysely speaks it, introspecting only this install's schema. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
