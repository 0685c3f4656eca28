import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// Scheduled jobs (the original's sys_quartz_job, status 0 running / -1 stopped) with the columns our
// scheduler needs: next_fire_time is the firing a node claims by moving it on (compare-and-set), and
// run_lease_until marks a run still going so the next firing is not started beside it. Unlike the
// original (whose Quartz keys a job by its class), a job class may have several jobs, each with its own
// parameter. Each run is a row of sys_quartz_job_log. sys_log (0001) gains the client's user agent and the outcome of an operation.
export const jobsLogs: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('sys_quartz_job'))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('job_class_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('cron_expression', 'varchar(255)', (c) => c.notNull())
        .addColumn('parameter', 'text')
        .addColumn('description', 'varchar(255)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(-1))
        .addColumn('next_fire_time', 'varchar(19)')
        .addColumn('run_lease_until', 'varchar(19)'),
    ).execute();
    await db.schema.createIndex('idx_sqj_due').on('sys_quartz_job').columns(['status', 'next_fire_time']).execute();

    await idColumn(db.schema.createTable('sys_quartz_job_log'))
      .addColumn('job_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('job_class_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('fire_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('end_time', 'varchar(19)')
      .addColumn('duration_ms', 'integer')
      .addColumn('trigger_type', 'varchar(10)', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      .addColumn('run_log', 'text')
      .addColumn('error', 'text')
      .addColumn('node', 'varchar(100)')
      .execute();
    await db.schema.createIndex('idx_sqjl_job').on('sys_quartz_job_log').columns(['job_id', 'start_time']).execute();
    await db.schema.createIndex('idx_sqjl_start').on('sys_quartz_job_log').column('start_time').execute();

    await db.schema.alterTable('sys_log').addColumn('user_agent', 'varchar(500)').execute();
    await db.schema.alterTable('sys_log').addColumn('outcome', 'varchar(500)').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('sys_log').dropColumn('outcome').execute();
    await db.schema.alterTable('sys_log').dropColumn('user_agent').execute();
    await db.schema.dropTable('sys_quartz_job_log').execute();
    await db.schema.dropTable('sys_quartz_job').execute();
  },
};
