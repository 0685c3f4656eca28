export * from './types';
export { registerResource, callerOf, permissionOf, type ResourceDeps } from './routes';
export { ResourceService, type Caller } from './service';
export { ResourceError } from './errors';
export { dataRuleConditions, ruleVariables, DATA_RULE_CONDITIONS } from './data-rules';
export { exportResource, importResource } from './io';
