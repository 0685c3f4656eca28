export * from './types';
export { parseListQuery, makeCondition, type ParseOptions } from './parse';
export { applyFilters, applySort, conditionExpr, groupExpr, type ApplyOptions } from './apply';
export { fetchPage } from './page';
export { escapeLike, ruleFromValue, convertValue } from './convert';
