export * from './types';
export { installAccessGuard, markRoutesPublic, currentUser, tokenOf, TOKEN_HEADER } from './guard';
export { loadPermissionCodes, holdsAny } from './permissions';
export { tenantFromHeaders } from './tenant';
