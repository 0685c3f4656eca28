export { ImportExcelModal, type ImportExcelModalProps } from './ImportExcelModal';
export { isExcelFile, ONLY_EXCEL, PARTIAL_TITLE } from './importRules';
