// Tables of categories, check rules and fill rules (issue 4). Column types are camelCase, as the CamelCasePlugin presents them.

export interface RuleTables {}
