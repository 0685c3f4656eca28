import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// Online forms (issue 15): the original's onl_cgform_* tables that describe a form, its fields and its
// indexes, with the original's column names. table_type follows the original's dictionary
// cgform_table_type: 1 single, 2 main, 3 sub. Flags keep the original's encodings ('Y'/'N' on the head,
// 0/1 integers on fields). A form's own physical table is created by the sync engine
// (modules/online/cgform/sync), never by a migration.
export const onlineForms: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('onl_cgform_head'))
        .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('table_type', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('table_version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('table_txt', 'varchar(200)', (c) => c.notNull())
        .addColumn('is_checkbox', 'varchar(5)', (c) => c.notNull().defaultTo('Y'))
        .addColumn('is_db_synch', 'varchar(20)', (c) => c.notNull().defaultTo('N'))
        .addColumn('is_page', 'varchar(5)', (c) => c.notNull().defaultTo('Y'))
        .addColumn('is_tree', 'varchar(5)', (c) => c.notNull().defaultTo('N'))
        .addColumn('id_sequence', 'varchar(200)')
        .addColumn('id_type', 'varchar(100)')
        .addColumn('query_mode', 'varchar(10)')
        .addColumn('relation_type', 'integer')
        .addColumn('sub_table_str', 'varchar(1000)')
        .addColumn('tab_order_num', 'integer')
        .addColumn('tree_parent_id_field', 'varchar(50)')
        .addColumn('tree_id_field', 'varchar(50)')
        .addColumn('tree_fieldname', 'varchar(50)')
        .addColumn('form_category', 'varchar(50)', (c) => c.notNull().defaultTo('bdfl_ptbd'))
        .addColumn('form_template', 'varchar(50)')
        .addColumn('form_template_mobile', 'varchar(50)')
        .addColumn('theme_template', 'varchar(50)')
        .addColumn('scroll', 'integer', (c) => c.defaultTo(0))
        .addColumn('copy_version', 'integer')
        .addColumn('copy_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('physic_id', 'varchar(32)')
        .addColumn('ext_config_json', 'text')
        .addColumn('is_des_form', 'varchar(2)')
        .addColumn('des_form_code', 'varchar(50)')
        .addColumn('low_app_id', 'varchar(32)')
        .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('idx_och_table_name').on('onl_cgform_head').column('table_name').execute();
    await db.schema.createIndex('idx_och_physic_id').on('onl_cgform_head').column('physic_id').execute();

    await auditColumns(
      idColumn(db.schema.createTable('onl_cgform_field'))
        .addColumn('cgform_head_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('db_field_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('db_field_txt', 'varchar(200)')
        .addColumn('db_field_name_old', 'varchar(64)')
        .addColumn('db_is_key', 'integer', (c) => c.defaultTo(0))
        .addColumn('db_is_null', 'integer', (c) => c.defaultTo(1))
        .addColumn('db_is_persist', 'integer', (c) => c.defaultTo(1))
        .addColumn('db_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('db_length', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('db_point_length', 'integer')
        .addColumn('db_default_val', 'varchar(200)')
        .addColumn('dict_field', 'varchar(100)')
        .addColumn('dict_table', 'varchar(500)')
        .addColumn('dict_text', 'varchar(100)')
        .addColumn('field_show_type', 'varchar(20)')
        .addColumn('field_href', 'varchar(200)')
        .addColumn('field_length', 'integer')
        .addColumn('field_valid_type', 'varchar(300)')
        .addColumn('field_must_input', 'varchar(2)')
        .addColumn('field_extend_json', 'varchar(1000)')
        .addColumn('field_default_value', 'varchar(200)')
        .addColumn('is_query', 'integer', (c) => c.defaultTo(0))
        .addColumn('is_show_form', 'integer', (c) => c.defaultTo(1))
        .addColumn('is_show_list', 'integer', (c) => c.defaultTo(1))
        .addColumn('is_read_only', 'integer', (c) => c.defaultTo(0))
        .addColumn('query_mode', 'varchar(10)')
        .addColumn('main_table', 'varchar(100)')
        .addColumn('main_field', 'varchar(100)')
        .addColumn('order_num', 'integer')
        .addColumn('converter', 'varchar(255)')
        .addColumn('query_def_val', 'varchar(50)')
        .addColumn('query_dict_text', 'varchar(100)')
        .addColumn('query_dict_field', 'varchar(100)')
        .addColumn('query_dict_table', 'varchar(500)')
        .addColumn('query_show_type', 'varchar(50)')
        .addColumn('query_config_flag', 'varchar(3)')
        .addColumn('query_valid_type', 'varchar(50)')
        .addColumn('query_must_input', 'varchar(3)')
        .addColumn('sort_flag', 'varchar(3)'),
    ).execute();
    await db.schema.createIndex('idx_ocf_cgform_head_id').on('onl_cgform_field').column('cgform_head_id').execute();

    await auditColumns(
      db.schema
        .createTable('onl_cgform_index')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('cgform_head_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('index_name', 'varchar(100)')
        .addColumn('index_name_old', 'varchar(100)')
        .addColumn('index_field', 'varchar(500)')
        .addColumn('index_type', 'varchar(32)')
        .addColumn('is_db_synch', 'varchar(2)', (c) => c.notNull().defaultTo('N'))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('idx_oci_cgform_head_id').on('onl_cgform_index').column('cgform_head_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('onl_cgform_index').execute();
    await db.schema.dropTable('onl_cgform_field').execute();
    await db.schema.dropTable('onl_cgform_head').execute();
  },
};
