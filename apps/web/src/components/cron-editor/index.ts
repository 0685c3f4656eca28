export { CronEditor, type CronEditorProps } from './CronEditor';
export { CronModal } from './CronModal';
export { cronRule } from './cronRule';
