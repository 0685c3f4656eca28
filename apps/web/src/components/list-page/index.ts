export { useListPage, type ListPageState } from './useListPage';
export { ListPage, type ListPageProps, type BatchAction } from './ListPage';
export { ListFormModal, type ListFormModalProps } from './ListFormModal';
export { useListColumns, dictText, toTableColumn, ROW_NUMBER_COLUMN, type ListColumn } from './useListColumns';
export { DictSelect, type DictSelectProps } from './DictSelect';
export { useDictOptions, loadDictOptions } from './useDictOptions';
export { saveBlob } from './saveBlob';
export { buildListParams, cleanQuery, wrapQueryValue, pageAfterRemoval, MISSING_URL, SELECT_ONE, DOWNLOAD_FAILED } from './params';
export type { ListApi, ListPageOptions, ListSort, QueryParam, QueryRule, MatchType } from './types';
