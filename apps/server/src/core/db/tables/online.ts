// Tables of online reports behind the popup picker (issue 6). Column types are camelCase, as the CamelCasePlugin presents them.

export interface OnlineTables {}
