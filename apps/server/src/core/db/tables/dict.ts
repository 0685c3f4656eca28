// Tables of dictionary sources (issue 4). Column types are camelCase, as the CamelCasePlugin presents them.

export interface DictTables {}
