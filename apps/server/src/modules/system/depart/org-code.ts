/**
 * Org codes encode the tree: each level adds three characters, a letter and two digits
 * (A01, A02 … A99, B01 …), so a child of A01 is A01A01, A01A02 and so on.
 */
export function nextOrgCode(parentCode: string, siblingCodes: string[]): string {
  const mine = siblingCodes.filter((c) => c.length === parentCode.length + 3 && c.startsWith(parentCode) && /^[A-Z]\d\d$/.test(c.slice(-3)));
  if (!mine.length) return `${parentCode}A01`;
  const last = mine.map((c) => c.slice(-3)).sort().pop()!;
  let letter = last.charCodeAt(0);
  let n = Number(last.slice(1)) + 1;
  if (n > 99) {
    n = 1;
    letter++;
  }
  if (letter > 90) throw new Error('ORG_CODE_EXHAUSTED');
  return `${parentCode}${String.fromCharCode(letter)}${String(n).padStart(2, '0')}`;
}
