// Small widgets of spec/02: slider check, detail list, ellipsis text, prompt dialog, draggable modal.
export { SliderCheck, SLIDER_IDLE_TEXT, SLIDER_SUCCESS_TEXT, type SliderCheckHandle, type SliderCheckProps } from './SliderCheck';
export { DetailList, clampColumns, DETAIL_LIST_MAX_COLUMNS, type DetailListProps, type DetailListItemProps } from './DetailList';
export { EllipsisText, ellipsis, ELLIPSIS_DEFAULT_LENGTH, type EllipsisTextProps } from './EllipsisText';
export { PromptDialog, prompt, type PromptDialogProps, type PromptOptions } from './PromptDialog';
export { DraggableModal, type DraggableModalProps } from './DraggableModal';
