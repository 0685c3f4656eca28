// Messages and limits of the dictionary widgets (spec/02 §5, §8, §9).
export const DICT_CODE_REQUIRED = '字典Code不能为空!';
export const TREE_CONDITION_INVALID = '组件JTreeSelect-condition传值有误，需要一个json字符串!';
export const BAD_AREA_TYPE = 'Bad type value';
export const SEARCH_PROMPT = '请输入搜索内容';
export const SEARCH_LOADING = '加载中…';
export const SEARCH_EMPTY = '没有查询到任何数据';
export const SELECT_PLACEHOLDER = '请选择';

/** Keyword search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 800;
export const SEARCH_PAGE_SIZE = 10;
/** Tree dropdowns scroll beyond this height (px). */
export const TREE_DROPDOWN_MAX_HEIGHT = 400;
/** Multi-value widgets store their values joined by this. */
export const VALUE_SEPARATOR = ',';
