export { hasPermission, isDisabled, unauthorisedByPrefix, filterByPrefix } from './rules';
export { usePermission, Authorized } from './usePermission';
