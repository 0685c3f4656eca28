/** The name the CamelCasePlugin gives a camelCase table or column in SQL (sysUser → sys_user): an underscore before each capital. */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
