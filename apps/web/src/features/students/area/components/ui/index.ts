// The area's own light components for phones: no antd below them (antd's Button and Modal stay shared).
export { Panel, type PanelProps } from './Panel';
export { Tag, type TagColor } from './Tag';
export { ProgressBar, type ProgressBarProps } from './ProgressBar';
export { Notice, type NoticeType, type NoticeProps } from './Notice';
