import type { Migration, MigrationProvider } from 'kysely';
import { foundation } from './0001-foundation';
import { systemManagement } from './0002-system-management';
import { users } from './0003-users';
import { permissionEpoch } from './0005-permission-epoch';
import { dictSources } from './0006-dict-sources';
import { categoriesRules } from './0007-categories-rules';
import { demoOrder } from './0008-demo-order';
import { onlineReport } from './0009-online-report';
import { loginAttempts } from './0010-login-attempts';
import { dictSourceSensitive } from './0011-dict-source-sensitive';
import { tenantAccess } from './0012-tenant-access';
import { originalMenuPaths } from './0013-original-menu-paths';
import { roleIndex } from './0014-role-index';
import { userGroups } from './0015-user-groups';
import { tenantPacks } from './0016-tenant-packs';
import { students } from './0017-students';
import { announcements } from './0018-announcements';
import { messages } from './0019-messages';
import { jobsLogs } from './0020-jobs-logs';
import { datalogFiles } from './0021-datalog-files';
import { datasourcesGateway } from './0022-datasources-gateway';
import { onlineForms } from './0023-online-forms';
import { onlineReportSql } from './0024-online-report-sql';
import { smsCodes } from './0025-sms-codes';
import { thirdLogin } from './0026-third-login';
import { loginQrcode } from './0027-login-qrcode';
import { onlineAuth } from './0028-online-auth';
import { onlineButtonsGraphreport } from './0029-online-buttons-graphreport';
import { formComments } from './0030-form-comments';
import { appVersion } from './0031-app-version';
import { menuEnglishName } from './0032-menu-english-name';
import { listCoveringIndexes } from './0033-list-covering-indexes';
import { userTextIndex } from './0034-user-text-index';
import { userListOrderPostgres } from './0035-user-list-order-postgres';
import { holdPermissionEpoch } from './0036-hold-permission-epoch';
import { sparseUserIndexesPostgres } from './0037-sparse-user-indexes-postgres';
import { demoOrderListIndexes } from './0038-demo-order-list-indexes';
import { demoOrderDateOrder } from './0039-demo-order-date-order';
import { userContactTextPostgres } from './0040-user-contact-text-postgres';
import { dashboardFiguresPermission } from './0041-dashboard-figures-permission';
import { classCodes } from './0042-class-codes';
import { studentRoster } from './0043-student-roster';
import { assignments } from './0044-assignments';
import { clientDictsAndRoutes } from './0045-client-dicts-and-routes';
import { families } from './0046-families';
import { assignmentOutcomesCredits } from './0047-assignment-outcomes-credits';
import { certificatesAndTeams } from './0048-certificates-and-teams';
import { messageImport } from './0049-message-import';
import { liveQuiz } from './0050-live-quiz';
import { parentUnlinks } from './0055-parent-unlinks';
import { certificateRevocation } from './0056-certificate-revocation';
import { hazardClips } from './0051-hazard-clips';
import { liveClassroom } from './0052-live-classroom';

/**
 * Every migration, in the order of their names, which is the order they run. Later work adds entries
 * (never edits a released one).
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-system-management': systemManagement,
  '0003-users': users,
  '0005-permission-epoch': permissionEpoch,
  '0006-dict-sources': dictSources,
  '0007-categories-rules': categoriesRules,
  '0008-demo-order': demoOrder,
  '0009-online-report': onlineReport,
  '0010-login-attempts': loginAttempts,
  '0011-dict-source-sensitive': dictSourceSensitive,
  '0012-tenant-access': tenantAccess,
  '0013-original-menu-paths': originalMenuPaths,
  '0014-role-index': roleIndex,
  '0015-user-groups': userGroups,
  '0016-tenant-packs': tenantPacks,
  '0017-students': students,
  '0018-announcements': announcements,
  '0019-messages': messages,
  '0020-jobs-logs': jobsLogs,
  '0021-datalog-files': datalogFiles,
  '0022-datasources-gateway': datasourcesGateway,
  '0023-online-forms': onlineForms,
  '0024-online-report-sql': onlineReportSql,
  '0025-sms-codes': smsCodes,
  '0026-third-login': thirdLogin,
  '0027-login-qrcode': loginQrcode,
  '0028-online-auth': onlineAuth,
  '0029-online-buttons-graphreport': onlineButtonsGraphreport,
  '0030-form-comments': formComments,
  '0031-app-version': appVersion,
  '0032-menu-english-name': menuEnglishName,
  '0033-list-covering-indexes': listCoveringIndexes,
  '0034-user-text-index': userTextIndex,
  '0035-user-list-order-postgres': userListOrderPostgres,
  '0036-hold-permission-epoch': holdPermissionEpoch,
  '0037-sparse-user-indexes-postgres': sparseUserIndexesPostgres,
  '0038-demo-order-list-indexes': demoOrderListIndexes,
  '0039-demo-order-date-order': demoOrderDateOrder,
  '0040-user-contact-text-postgres': userContactTextPostgres,
  '0041-dashboard-figures-permission': dashboardFiguresPermission,
  '0042-class-codes': classCodes,
  '0043-student-roster': studentRoster,
  '0044-assignments': assignments,
  '0045-client-dicts-and-routes': clientDictsAndRoutes,
  '0046-families': families,
  '0047-assignment-outcomes-credits': assignmentOutcomesCredits,
  '0048-certificates-and-teams': certificatesAndTeams,
  '0049-message-import': messageImport,
  '0050-live-quiz': liveQuiz,
  '0051-hazard-clips': hazardClips,
  '0052-live-classroom': liveClassroom,
  '0055-parent-unlinks': parentUnlinks,
  '0056-certificate-revocation': certificateRevocation,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
