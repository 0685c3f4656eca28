// Pickers keep their value as a comma list; the area's bodies carry id arrays.
export const idsToText = (ids: unknown): string => (Array.isArray(ids) ? ids.join(',') : typeof ids === 'string' ? ids : '');
export const textToIds = (text: unknown): string[] =>
  Array.isArray(text)
    ? text.map(String)
    : String(text ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
