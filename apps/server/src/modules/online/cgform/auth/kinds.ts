// The original's codes in onl_auth_page / onl_auth_relation (its Vue client sends and reads them).

/** onl_auth_page.type and onl_auth_relation.type. */
export const AUTH_TYPE = { field: 1, button: 2, data: 3 } as const;
/** onl_auth_page.page: where the rule applies. */
export const PAGE = { list: 3, form: 5 } as const;
/** onl_auth_page.control: what it controls. */
export const CONTROL = { editable: 3, visible: 5 } as const;

/** A field's three rules: list visible, form visible, form editable (switchFlag 1, 2, 3 of the client). */
export const FIELD_RULES = [
  { key: 'listShow', page: PAGE.list, control: CONTROL.visible },
  { key: 'formShow', page: PAGE.form, control: CONTROL.visible },
  { key: 'formEditable', page: PAGE.form, control: CONTROL.editable },
] as const;
