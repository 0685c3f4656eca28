export * from './types';
export { installAccessGuard, markRoutesPublic, currentUser, tokenOf, TOKEN_HEADER } from './guard';
export { loadPermissionCodes, loadDataRuleGrants, holdsAny, holds, demand, type PermissionHolder } from './permissions';
export { tenantFromHeaders, whereTenant, CROSS_TENANT_PERMISSION, type TenantReader } from './tenant';
export { permissionEpoch, DbPermissionEpochs, RedisPermissionEpochs, installEpochPublisher, type PermissionEpochs } from './epoch';
export { SYSTEM_TENANT, SCOPE_BY_PREFIX, SCOPE_BY_CODE, scopeOfCode, scopeOfRoute, codesInTenant, actsForPlatform, type AccessScope } from './scope';
