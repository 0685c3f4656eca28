// The code editor's modes (spec/02 §9), apart from the loaders so naming them costs no editor code.
export const CODE_LANGUAGES = [
  'css', 'javascript', 'html', 'java', 'objective-c', 'python', 'R', 'shell', 'sql', 'swift', 'vue', 'markdown',
] as const;

export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export function isCodeLanguage(value: string): value is CodeLanguage {
  return (CODE_LANGUAGES as readonly string[]).includes(value);
}
