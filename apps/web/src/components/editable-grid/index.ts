export { EditableGrid, ROW_HEIGHTS, DEFAULT_MAX_HEIGHT, type EditableGridProps, type GridSize } from './EditableGrid';
export { GRID_PATTERNS, findPattern, REQUIRED_MESSAGE } from '@anxue/shared/grid-patterns';
export { TEMP_ID_PREFIX, isTempId } from './rowState';
export { updateMessage, reduceSocketMessage, socketAddress } from './socket';
export { ADD_SETTINGS_KEY, INSERT_TOO_FAST_MESSAGE } from './toolbarRules';
export * from './types';
