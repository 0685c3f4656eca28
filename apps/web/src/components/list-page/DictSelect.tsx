// The dictionary select lives in components/dict; list pages keep importing it from here.
export { DictSelect, type DictSelectProps } from '../dict/DictSelect';
