// An assignment's item opens its list page with the item's id in the address (?paper=, ?scene=): that one
// comes first and is marked, so a student on a phone finds the work they were given without searching.

/** The list with the linked entry first (the rest in their order). */
export function linkedFirst<T extends { id: string }>(list: T[], linked: string | null): T[] {
  const at = linked ? list.findIndex((x) => x.id === linked) : -1;
  return at <= 0 ? list : [list[at]!, ...list.slice(0, at), ...list.slice(at + 1)];
}

/** The marks of the linked entry's card: outlined, and current for assistive technology. */
export const linkedProps = (linked: boolean) => (linked ? { className: 'area-linked', 'aria-current': 'true' as const } : {});
