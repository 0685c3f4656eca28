// Constants and messages of the pickers (spec/02 §5, §8, §9).
import { MODAL_WIDTHS } from '@anxue/shared/constants';

/** Generic pickers (role, entity): 5 rows a page, table body 240 high, cells shortened to 12 characters. */
export const PICKER_PAGE = { pageSize: 5, pageSizeOptions: ['5', '10', '20', '30'] } as const;
export const PICKER_SCROLL_Y = 240;
export const PICKER_ELLIPSIS = 12;

/** The user picker: 10 rows a page, newest first, horizontal scroll on narrow screens. */
export const USER_PAGE = { pageSize: 10, pageSizeOptions: ['10', '20', '30'] } as const;
export const USER_SORT = { column: 'createTime', order: 'desc' } as const;
export const USER_SCROLL_X = 800;
export const NARROW_VIEWPORT = 500;
/** Longest shown text of a user picker before it is cut with an ellipsis. */
export const USER_DISPLAY_MAX = 25;

export const POPUP_PAGE = { pageSize: 10, pageSizeOptions: ['10', '20', '30'] } as const;
export const POPUP_CACHE_MS = 30_000;
export const SEPARATOR = ',';

export const WIDTHS = {
  user: 1200,
  depart: MODAL_WIDTHS.departPicker,
  popup: MODAL_WIDTHS.popup,
  entity: MODAL_WIDTHS.entityPicker,
  role: MODAL_WIDTHS.entityPicker,
  tree: 500,
} as const;

export const MESSAGES = {
  popupBadConfig: 'popup参数未正确配置!',
  popupCountMismatch: 'popup参数未正确配置,原始值和目标值数量不一致!',
  popupSelectOne: '请选择一条记录',
  popupInitTitle: '出错了',
  popupInitFailed: 'Popup初始化失败，请检查你的配置或稍后重试！',
  popupBadSorter: 'popup排序参数格式不正确，应为“字段=asc”或“字段=desc”',
  popupNoPermission: '您没有该报表的查看权限',
} as const;

export const SEX_OPTIONS = [
  { value: '1', label: '男' },
  { value: '2', label: '女' },
];
