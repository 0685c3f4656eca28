export { AdvancedQuery, type AdvancedQueryProps } from './AdvancedQuery';
export { flattenFields, MESSAGES as ADVANCED_QUERY_MESSAGES, savedKey, toEmitted } from './rules';
export type { EmittedCondition, MatchType, SavedQuery, SuperQueryField, SuperQueryRule } from './types';
