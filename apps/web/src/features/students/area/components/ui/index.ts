// The area's own light components for phones: no antd below them (antd's Button and Modal stay shared).
export { Panel, type PanelProps } from './Panel';
export { Tag, type TagColor } from './Tag';
export { ProgressBar, type ProgressBarProps } from './ProgressBar';
export { Notice, type NoticeType, type NoticeProps } from './Notice';
export { Tabs, type TabItem, type TabsProps } from './Tabs';
export { Picker, type PickerOption, type PickerProps } from './Picker';
export { SearchBox, type SearchBoxProps } from './SearchBox';
export { Pager, type PagerProps } from './Pager';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { Loading } from './Loading';
export { Sheet, type SheetProps } from './Sheet';
export { ConfirmSheet, type ConfirmSheetProps } from './ConfirmSheet';
export { Statistic } from './Statistic';
