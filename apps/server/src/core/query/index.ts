export * from './types';
export { parseListQuery, makeCondition, type ParseOptions } from './parse';
export { applyFilters, applySort, conditionExpr, groupExpr, type ApplyOptions } from './apply';
export { fetchPage, fetchListPage, LIST_COUNT_CAP } from './page';
export { keysetBatches } from './keyset';
export { escapeLike, ruleFromValue, convertValue } from './convert';
export { textIndexedFilters, likePattern, TEXT_INDEX_SELECTIVE } from './textIndex';
