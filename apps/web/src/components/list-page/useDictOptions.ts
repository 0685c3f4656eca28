// Dictionary options live in components/dict; list pages keep importing them from here.
export { useDictOptions, loadDictOptions } from '../dict/dictOptions';
