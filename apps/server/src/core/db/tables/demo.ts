// Tables of the demo order with its lines (issue 5). Column types are camelCase, as the CamelCasePlugin presents them.

export interface DemoTables {}
