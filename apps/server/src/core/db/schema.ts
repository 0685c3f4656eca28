import type { ColumnType, Generated } from 'kysely';
import type { DemoTables } from './tables/demo';
import type { DictTables } from './tables/dict';
import type { OnlineTables } from './tables/online';
import type { OnlineFormTables } from './tables/online-form';
import type { OnlineAuthTables } from './tables/online-auth';
import type { OnlineExtraTables } from './tables/online-extras';
import type { RoleIndexTables } from './tables/roleindex';
import type { AppVersionTables } from './tables/appversion';
import type { RuleTables } from './tables/rules';
import type { UserGroupTables } from './tables/ugroup';
import type { TenantPackTables } from './tables/tenantpack';
import type { StudentTables } from './tables/students';
import type { RosterTables } from './tables/roster';
import type { AssignmentTables } from './tables/assignment';
import type { CreditTables } from './tables/credits';
import type { RecognitionTables } from './tables/recognition';
import type { LiveTables } from './tables/live';
import type { HazardClipTables } from './tables/hazard-clip';
import type { FamilyTables } from './tables/family';
import type { NoticeTables } from './tables/notice';
import type { MessageTables } from './tables/message';
import type { OpsTables } from './tables/ops';
import type { IntegrationTables } from './tables/integration';
import type { FilesTables } from './tables/files';
import type { CommentTables } from './tables/comment';
import type { ThirdLoginTables } from './tables/thirdlogin';
import type { LoginQrcodeTables, SmsTables } from './tables/sms';

// Column types of the tables, camelCase as the CamelCasePlugin presents them. Datetimes are
// 'YYYY-MM-DD HH:mm:ss' strings in server local time; flags are integers 0/1 as in the original.

type Audit = {
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
};
type IntDefault = ColumnType<number, number | undefined, number>;

export interface SysUserTable extends Audit {
  id: string;
  username: string;
  realname: string | null;
  /** scrypt hash, self-describing (see core/auth/password.ts); never sent to a client. */
  password: string;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  status: IntDefault;
  delFlag: IntDefault;
  workNo: string | null;
  telephone: string | null;
  userIdentity: number | null;
  departIds: string | null;
  clientId: string | null;
  loginTenantId: IntDefault;
  loginFailCount: IntDefault;
  lockUntil: string | null;
  /** Position codes, comma-joined (migration 0002). */
  post: string | null;
  /** 1: a first password, to be changed at the next sign-in (migration 0043). */
  pwdMustChange: IntDefault;
}

export interface SysRoleTable extends Audit {
  id: string;
  roleName: string | null;
  roleCode: string;
  description: string | null;
  tenantId: IntDefault;
}

export interface SysUserRoleTable {
  id: string;
  userId: string;
  roleId: string;
  tenantId: IntDefault;
}

export interface SysPermissionTable extends Audit {
  id: string;
  parentId: string | null;
  name: string;
  /** The English name (migration 0032); null: the catalogue's English of `name`, else `name`. */
  nameEn: ColumnType<string | null, string | null | undefined, string | null>;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  /** 0 top menu, 1 sub menu, 2 button. */
  menuType: number;
  perms: string | null;
  /** '1' shown when granted, '2' disabled when not granted. */
  permsType: ColumnType<string, string | undefined, string>;
  sortNo: ColumnType<number, number | undefined, number>;
  alwaysShow: IntDefault;
  icon: string | null;
  isRoute: IntDefault;
  isLeaf: IntDefault;
  keepAlive: IntDefault;
  hidden: IntDefault;
  hideTab: IntDefault;
  description: string | null;
  internalOrExternal: IntDefault;
  /** '1' valid, '0' invalid. */
  status: ColumnType<string, string | undefined, string>;
  delFlag: IntDefault;
  ruleFlag: IntDefault;
}

export interface SysRolePermissionTable {
  id: string;
  roleId: string;
  permissionId: string;
  dataRuleIds: string | null;
  operateDate: string | null;
  operateIp: string | null;
}

export interface SysPermissionDataRuleTable extends Audit {
  id: string;
  permissionId: string;
  ruleName: string | null;
  ruleColumn: string | null;
  ruleConditions: string | null;
  ruleValue: string | null;
  status: string | null;
}

export interface SysDepartTable extends Audit {
  id: string;
  parentId: string | null;
  departName: string;
  departNameEn: string | null;
  departNameAbbr: string | null;
  departOrder: IntDefault;
  description: string | null;
  orgCategory: ColumnType<string, string | undefined, string>;
  orgType: string | null;
  orgCode: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  status: string | null;
  delFlag: ColumnType<string, string | undefined, string>;
  tenantId: IntDefault;
  izLeaf: IntDefault;
}

export interface SysUserDepartTable {
  id: string;
  userId: string;
  depId: string;
}

export interface SysTenantTable {
  id: number;
  name: string | null;
  createTime: string | null;
  createBy: string | null;
  updateBy: string | null;
  updateTime: string | null;
  beginDate: string | null;
  endDate: string | null;
  status: IntDefault;
  trade: string | null;
  companySize: string | null;
  companyAddress: string | null;
  companyLogo: string | null;
  houseNumber: string | null;
  workPlace: string | null;
  secondaryDomain: string | null;
  loginBkgdImg: string | null;
  position: string | null;
  department: string | null;
  delFlag: IntDefault;
  applyStatus: number | null;
}

export interface SysUserTenantTable extends Audit {
  id: string;
  userId: string;
  tenantId: number;
  /** '1' normal, '2' left, '3' pending, '4' refused, '5' invited. */
  status: string;
}

export interface SysDictTable extends Audit {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  delFlag: IntDefault;
  type: IntDefault;
  tenantId: IntDefault;
  lowAppId: string | null;
}

export interface SysDictItemTable extends Audit {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  itemColor: string | null;
  description: string | null;
  sortOrder: IntDefault;
  status: IntDefault;
}

export interface SysLogTable extends Audit {
  id: string;
  logType: number;
  logContent: string | null;
  operateType: number | null;
  userid: string | null;
  username: string | null;
  ip: string | null;
  method: string | null;
  requestUrl: string | null;
  requestParam: string | null;
  requestType: string | null;
  costTime: number | null;
  tenantId: IntDefault;
  clientType: string | null;
}

/** Server-side session entries: a token is valid only while its row exists and has not expired. */
export interface SysUserTokenTable {
  /** The token's jti. */
  id: string;
  userId: string;
  username: string;
  expiresAt: string;
  clientIp: string | null;
  userAgent: string | null;
  createTime: string;
}

export interface SysCaptchaTable {
  checkKey: string;
  answerHash: string;
  expiresAt: string;
  createTime: string;
}

/** Per-install values shared by every node on one database (the token signing secret). */
export interface SysInstallTable {
  key: string;
  value: string;
  createTime: string;
}

export interface Database extends SystemManagementTables, DictTables, RuleTables, DemoTables, OnlineTables, OnlineFormTables, OnlineAuthTables, OnlineExtraTables, UserGroupTables, RoleIndexTables, TenantPackTables, StudentTables, RosterTables, AssignmentTables, CreditTables, RecognitionTables, LiveTables, HazardClipTables, FamilyTables, NoticeTables, MessageTables, OpsTables, IntegrationTables, FilesTables, SmsTables, LoginQrcodeTables, ThirdLoginTables, CommentTables, AppVersionTables {
  sysUser: SysUserTable;
  sysRole: SysRoleTable;
  sysUserRole: SysUserRoleTable;
  sysPermission: SysPermissionTable;
  sysRolePermission: SysRolePermissionTable;
  sysPermissionDataRule: SysPermissionDataRuleTable;
  sysDepart: SysDepartTable;
  sysUserDepart: SysUserDepartTable;
  sysTenant: SysTenantTable;
  sysUserTenant: SysUserTenantTable;
  sysDict: SysDictTable;
  sysDictItem: SysDictItemTable;
  sysLog: SysLogTable;
  sysUserToken: SysUserTokenTable;
  sysCaptcha: SysCaptchaTable;
  sysInstall: SysInstallTable;
  sysLoginAttempt: SysLoginAttemptTable;
}

/** Failed sign-ins per (account name, client address) (migration 0010, core/auth/login-attempts.ts). */
export interface SysLoginAttemptTable {
  id: string;
  username: string;
  clientIp: string;
  failCount: IntDefault;
  lockUntil: string | null;
  updateTime: string;
}

export type { Generated };

// Issue 3: system management tables (migration 0002).
export interface SysPositionTable extends Audit {
  id: string;
  code: string;
  name: string;
  postRank: string | null;
  companyId: string | null;
  sysOrgCode: string | null;
  tenantId: IntDefault;
}
export interface SysDepartRoleTable extends Audit {
  id: string;
  departId: string;
  roleName: string | null;
  roleCode: string;
  description: string | null;
}
export interface SysDepartRoleUserTable {
  id: string;
  userId: string;
  droleId: string;
}
export interface SysDepartPermissionTable {
  id: string;
  departId: string;
  permissionId: string;
  dataRuleIds: string | null;
}
export interface SysDepartRolePermissionTable {
  id: string;
  departId: string | null;
  roleId: string;
  permissionId: string;
  dataRuleIds: string | null;
  operateDate: string | null;
  operateIp: string | null;
}
export interface SysPermEpochTable {
  id: number;
  epoch: ColumnType<number | string, number, number>;
}
export interface SystemManagementTables {
  sysPermEpoch: SysPermEpochTable;
  sysPosition: SysPositionTable;
  sysDepartRole: SysDepartRoleTable;
  sysDepartRoleUser: SysDepartRoleUserTable;
  sysDepartPermission: SysDepartPermissionTable;
  sysDepartRolePermission: SysDepartRolePermissionTable;
}
