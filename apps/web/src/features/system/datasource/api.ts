// 多数据源管理 (issue 14): the resource /sys/dataSource and the original client's 测试 call.
import { resourceApi } from '../../../components/list-page';

export const DATA_SOURCE_PERMISSION = 'system:datasource';
export const DATA_SOURCE_API = resourceApi('/sys/dataSource', ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'queryById']);
export const TEST_CONNECTION_URL = '/online/cgreport/api/testConnection';
/** What the server answers instead of a stored password; sent back, it keeps the stored one. */
export const PASSWORD_MASK = '******';

export interface DataSourceRow {
  id: string;
  code: string;
  name: string;
  remark?: string | null;
  dbType: string;
  dbType_dictText?: string;
  dbDriver?: string | null;
  dbUrl: string;
  dbName?: string | null;
  dbUsername?: string | null;
  /** Only ever PASSWORD_MASK (a password is stored) or '' (none). */
  dbPassword?: string;
  createTime?: string | null;
}

export const DB_TYPE_OPTIONS = [
  { label: 'PostgreSQL', value: 'postgresql' },
  { label: 'MySQL', value: 'mysql' },
  { label: 'MariaDB', value: 'mariadb' },
  { label: 'SQLite', value: 'sqlite' },
];

/** The original client's database_type codes, shown in the form under our names. */
const ORIGINAL_DB_TYPE: Record<string, string> = { '1': 'mysql', '4': 'mysql', '5': 'mariadb', '6': 'postgresql', '10': 'sqlite' };
export const formDbType = (dbType: string | undefined) => (dbType ? (ORIGINAL_DB_TYPE[dbType] ?? dbType) : dbType);

/** Where each kind of database is found, shown under the address field. */
export const ADDRESS_HINT: Record<string, string> = {
  postgresql: '例如 postgresql://127.0.0.1:5432/mydb（用户名、密码填在下面）',
  mysql: '例如 mysql://127.0.0.1:3306/mydb（用户名、密码填在下面）',
  mariadb: '例如 mysql://127.0.0.1:3306/mydb（用户名、密码填在下面）',
  sqlite: '数据目录（DATA_DIR）内的 SQLite 文件，路径相对于数据目录，例如 reports/sales.db',
};
