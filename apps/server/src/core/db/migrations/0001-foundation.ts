import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// Tables of the foundation, named and shaped after the original platform's (original-tables.md),
// plus our token store, captcha store and per-install values.
export const foundation: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('sys_user'))
        .addColumn('username', 'varchar(100)', (c) => c.notNull())
        .addColumn('realname', 'varchar(100)')
        .addColumn('password', 'varchar(255)', (c) => c.notNull())
        .addColumn('avatar', 'varchar(255)')
        .addColumn('birthday', 'varchar(10)')
        .addColumn('sex', 'integer')
        .addColumn('email', 'varchar(45)')
        .addColumn('phone', 'varchar(45)')
        .addColumn('org_code', 'varchar(64)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('work_no', 'varchar(100)')
        .addColumn('telephone', 'varchar(45)')
        .addColumn('user_identity', 'integer')
        .addColumn('depart_ids', 'varchar(1000)')
        .addColumn('client_id', 'varchar(64)')
        .addColumn('login_tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('login_fail_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lock_until', 'varchar(19)'),
    ).execute();
    await db.schema.createIndex('uniq_sys_user_username').on('sys_user').column('username').unique().execute();
    await db.schema.createIndex('uniq_sys_user_work_no').on('sys_user').column('work_no').unique().execute();
    await db.schema.createIndex('uniq_sys_user_phone').on('sys_user').column('phone').unique().execute();
    await db.schema.createIndex('uniq_sys_user_email').on('sys_user').column('email').unique().execute();
    await db.schema.createIndex('idx_su_status').on('sys_user').column('status').execute();

    await auditColumns(
      idColumn(db.schema.createTable('sys_role'))
        .addColumn('role_name', 'varchar(200)')
        .addColumn('role_code', 'varchar(100)', (c) => c.notNull())
        .addColumn('description', 'varchar(255)'),
    )
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('uniq_sys_role_role_code').on('sys_role').column('role_code').unique().execute();

    await idColumn(db.schema.createTable('sys_user_role'))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
      .addColumn('role_id', 'varchar(32)', (c) => c.notNull().references('sys_role.id').onDelete('cascade'))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('idx_sur_user_role_id').on('sys_user_role').columns(['user_id', 'role_id']).unique().execute();
    await db.schema.createIndex('idx_sur_role_id').on('sys_user_role').column('role_id').execute();

    await auditColumns(
      idColumn(db.schema.createTable('sys_permission'))
        .addColumn('parent_id', 'varchar(32)')
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('url', 'varchar(255)')
        .addColumn('component', 'varchar(255)')
        .addColumn('component_name', 'varchar(255)')
        .addColumn('redirect', 'varchar(255)')
        .addColumn('menu_type', 'integer', (c) => c.notNull())
        .addColumn('perms', 'varchar(255)')
        .addColumn('perms_type', 'varchar(10)', (c) => c.notNull().defaultTo('1'))
        .addColumn('sort_no', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('always_show', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('icon', 'varchar(255)')
        .addColumn('is_route', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_leaf', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('keep_alive', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hide_tab', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('description', 'varchar(255)')
        .addColumn('internal_or_external', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rule_flag', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('index_menu_parent').on('sys_permission').column('parent_id').execute();
    await db.schema.createIndex('index_menu_type').on('sys_permission').column('menu_type').execute();
    await db.schema.createIndex('index_menu_sort_no').on('sys_permission').column('sort_no').execute();

    await idColumn(db.schema.createTable('sys_role_permission'))
      .addColumn('role_id', 'varchar(32)', (c) => c.notNull().references('sys_role.id').onDelete('cascade'))
      .addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('sys_permission.id').onDelete('cascade'))
      .addColumn('data_rule_ids', 'varchar(1000)')
      .addColumn('operate_date', 'varchar(19)')
      .addColumn('operate_ip', 'varchar(100)')
      .execute();
    await db.schema
      .createIndex('idx_srp_role_per_id')
      .on('sys_role_permission')
      .columns(['role_id', 'permission_id'])
      .unique()
      .execute();
    await db.schema.createIndex('idx_srp_permission_id').on('sys_role_permission').column('permission_id').execute();

    await auditColumns(
      idColumn(db.schema.createTable('sys_permission_data_rule'))
        .addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('sys_permission.id').onDelete('cascade'))
        .addColumn('rule_name', 'varchar(50)')
        .addColumn('rule_column', 'varchar(50)')
        .addColumn('rule_conditions', 'varchar(50)')
        .addColumn('rule_value', 'varchar(300)')
        .addColumn('status', 'varchar(3)'),
    ).execute();
    await db.schema.createIndex('idx_spdr_permission_id').on('sys_permission_data_rule').column('permission_id').execute();

    await auditColumns(
      idColumn(db.schema.createTable('sys_depart'))
        .addColumn('parent_id', 'varchar(32)')
        .addColumn('depart_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('depart_name_en', 'varchar(500)')
        .addColumn('depart_name_abbr', 'varchar(500)')
        .addColumn('depart_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('description', 'varchar(500)')
        .addColumn('org_category', 'varchar(10)', (c) => c.notNull().defaultTo('1'))
        .addColumn('org_type', 'varchar(10)')
        .addColumn('org_code', 'varchar(64)', (c) => c.notNull())
        .addColumn('mobile', 'varchar(32)')
        .addColumn('fax', 'varchar(32)')
        .addColumn('address', 'varchar(100)')
        .addColumn('memo', 'varchar(500)')
        .addColumn('status', 'varchar(1)')
        .addColumn('del_flag', 'varchar(1)', (c) => c.notNull().defaultTo('0')),
    )
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('iz_leaf', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('uniq_depart_org_code').on('sys_depart').column('org_code').unique().execute();
    await db.schema.createIndex('idx_sd_parent_id').on('sys_depart').column('parent_id').execute();

    await idColumn(db.schema.createTable('sys_user_depart'))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
      .addColumn('dep_id', 'varchar(32)', (c) => c.notNull().references('sys_depart.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('idx_sud_user_dep_id').on('sys_user_depart').columns(['user_id', 'dep_id']).unique().execute();
    await db.schema.createIndex('idx_sud_dep_id').on('sys_user_depart').column('dep_id').execute();

    await db.schema
      .createTable('sys_tenant')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)')
      .addColumn('create_time', 'varchar(19)')
      .addColumn('create_by', 'varchar(100)')
      .addColumn('update_by', 'varchar(32)')
      .addColumn('update_time', 'varchar(19)')
      .addColumn('begin_date', 'varchar(19)')
      .addColumn('end_date', 'varchar(19)')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('trade', 'varchar(10)')
      .addColumn('company_size', 'varchar(10)')
      .addColumn('company_address', 'varchar(100)')
      .addColumn('company_logo', 'varchar(200)')
      .addColumn('house_number', 'varchar(10)')
      .addColumn('work_place', 'varchar(100)')
      .addColumn('secondary_domain', 'varchar(50)')
      .addColumn('login_bkgd_img', 'varchar(200)')
      .addColumn('position', 'varchar(10)')
      .addColumn('department', 'varchar(10)')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('apply_status', 'integer')
      .execute();

    await auditColumns(
      idColumn(db.schema.createTable('sys_user_tenant'))
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('sys_tenant.id').onDelete('cascade'))
        .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1')),
    ).execute();
    await db.schema.createIndex('idx_sut_user_rel_tenant').on('sys_user_tenant').columns(['user_id', 'tenant_id']).unique().execute();
    await db.schema.createIndex('idx_sut_tenant_id').on('sys_user_tenant').column('tenant_id').execute();

    await auditColumns(
      idColumn(db.schema.createTable('sys_dict'))
        .addColumn('dict_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('dict_code', 'varchar(100)', (c) => c.notNull())
        .addColumn('description', 'varchar(255)')
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
    )
      .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('low_app_id', 'varchar(32)')
      .execute();
    await db.schema.createIndex('uk_sd_dict_code').on('sys_dict').column('dict_code').unique().execute();

    await auditColumns(
      idColumn(db.schema.createTable('sys_dict_item'))
        .addColumn('dict_id', 'varchar(32)', (c) => c.notNull().references('sys_dict.id').onDelete('cascade'))
        .addColumn('item_text', 'varchar(100)', (c) => c.notNull())
        .addColumn('item_value', 'varchar(100)', (c) => c.notNull())
        .addColumn('item_color', 'varchar(10)')
        .addColumn('description', 'varchar(255)')
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
    ).execute();
    await db.schema.createIndex('idx_sditem_dict_val').on('sys_dict_item').columns(['dict_id', 'item_value']).execute();

    await auditColumns(
      idColumn(db.schema.createTable('sys_log'))
        .addColumn('log_type', 'integer', (c) => c.notNull())
        .addColumn('log_content', 'text')
        .addColumn('operate_type', 'integer')
        .addColumn('userid', 'varchar(32)')
        .addColumn('username', 'varchar(100)')
        .addColumn('ip', 'varchar(100)')
        .addColumn('method', 'varchar(1000)')
        .addColumn('request_url', 'varchar(255)')
        .addColumn('request_param', 'text')
        .addColumn('request_type', 'varchar(10)')
        .addColumn('cost_time', 'bigint'),
    )
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('client_type', 'varchar(5)')
      .execute();
    await db.schema.createIndex('idx_sl_log_type').on('sys_log').column('log_type').execute();
    await db.schema.createIndex('idx_sl_create_time').on('sys_log').column('create_time').execute();
    await db.schema.createIndex('idx_sl_userid').on('sys_log').column('userid').execute();

    await db.schema
      .createTable('sys_user_token')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
      .addColumn('username', 'varchar(100)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('client_ip', 'varchar(100)')
      .addColumn('user_agent', 'varchar(500)')
      .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_sut_token_user').on('sys_user_token').column('user_id').execute();
    await db.schema.createIndex('idx_sut_token_expires').on('sys_user_token').column('expires_at').execute();

    await db.schema
      .createTable('sys_captcha')
      .addColumn('check_key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('answer_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_captcha_expires').on('sys_captcha').column('expires_at').execute();

    await db.schema
      .createTable('sys_install')
      .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('value', 'varchar(500)', (c) => c.notNull())
      .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
      .execute();
  },
};
