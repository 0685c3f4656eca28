export * from './types';
export { registerResource, callerOf, permissionOf, type ResourceDeps } from './routes';
export { ResourceService, type Caller } from './service';
export { ResourceError } from './errors';
export { dataRuleConditions, ruleCondition, ruleVariables, DATA_RULE_CONDITIONS } from './data-rules';
export { exportResource, importResource, insertRows } from './io';
export { importUploadedSheets, MAX_IMPORT_BYTES, type SheetImport } from './import-upload';
export { addDictTexts, forgetDictTexts } from './dict-text';
