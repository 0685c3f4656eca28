/** The name the CamelCasePlugin gives a camelCase table or column in SQL (sysUser → sys_user): an underscore before each capital. */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** The other way: the name a row's property has for a snake_case column (rule_column → ruleColumn). */
export const camelCase = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
