// A select that searches a table dictionary (`table,textField,codeField`) as the user types:
// GET /sys/dict/loadDict/{dict}?keyword=&pageSize=, 800 ms after the last keystroke. A value set from
// outside shows its text through GET /sys/dict/loadDictItem/{dict}?key=.
import { useEffect, useRef, useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { message } from '../../lib/antd/static';
import { http, HttpError } from '../../lib/http';
import type { DictOption } from '../../lib/types';
import { singleValue } from './commaValue';
import { dictPath, optionText } from './dictOptions';
import { DICT_CODE_REQUIRED, SEARCH_DEBOUNCE_MS, SEARCH_EMPTY, SEARCH_LOADING, SEARCH_PAGE_SIZE, SEARCH_PROMPT, SELECT_PLACEHOLDER } from './messages';
import { t } from '../../lib/i18n';

export interface AsyncSearchSelectProps extends Omit<SelectProps, 'options' | 'value' | 'onChange' | 'showSearch' | 'onSearch' | 'mode'> {
  /** Table dictionary `table,textField,codeField`. */
  dict?: string;
  value?: string | number;
  onChange?: (value: string | undefined) => void;
  pageSize?: number;
  debounceMs?: number;
}

type Choice = { value: string; label: string };

export function AsyncSearchSelect(props: AsyncSearchSelectProps) {
  const { dict, value, onChange, pageSize = SEARCH_PAGE_SIZE, debounceMs = SEARCH_DEBOUNCE_MS, placeholder = t(SELECT_PLACEHOLDER), allowClear = true, ...rest } = props;
  const [keyword, setKeyword] = useState('');
  const [choices, setChoices] = useState<Choice[]>([]);
  const [loading, setLoading] = useState(false);
  const [valueText, setValueText] = useState<Choice | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const searchNo = useRef(0);
  const current = singleValue(value);

  useEffect(() => {
    if (!dict) console.error(DICT_CODE_REQUIRED);
  }, [dict]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The text of a value the form set (not one the user just picked from the list).
  const known = current !== undefined && (choices.some((c) => c.value === current) || valueText?.value === current);
  useEffect(() => {
    if (!dict || current === undefined || known) return;
    let alive = true;
    http.get<string[]>(dictPath('/sys/dict/loadDictItem', dict), { key: current }, { silent: true }).then(
      (texts) => alive && setValueText({ value: current, label: texts?.[0] ?? current }),
      (e: unknown) => console.error('字典文本加载失败', e),
    );
    return () => {
      alive = false;
    };
  }, [dict, current, known]);

  const search = (text: string) => {
    setKeyword(text);
    clearTimeout(timer.current);
    const no = ++searchNo.current;
    if (!text || !dict) {
      setChoices([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    timer.current = setTimeout(async () => {
      try {
        const found = await http.get<DictOption[]>(dictPath('/sys/dict/loadDict', dict), { keyword: text, pageSize }, { silent: true });
        if (no !== searchNo.current) return;
        setChoices((found ?? []).map((o) => ({ value: String(o.value), label: optionText(o) })));
      } catch (e) {
        if (no !== searchNo.current) return;
        setChoices([]);
        void message.warning(e instanceof HttpError ? e.message : String(e));
      } finally {
        if (no === searchNo.current) setLoading(false);
      }
    }, debounceMs);
  };

  const pick = (v: string | undefined) => {
    const chosen = choices.find((c) => c.value === v);
    if (chosen) setValueText(chosen);
    onChange?.(v);
  };

  // labelInValue: the chosen text stays shown while the list below is searched again or empty.
  const label = choices.find((c) => c.value === current)?.label ?? (valueText && valueText.value === current ? valueText.label : current);
  const notFound = t(loading ? SEARCH_LOADING : keyword ? SEARCH_EMPTY : SEARCH_PROMPT);

  return (
    <Select<Choice | undefined>
      placeholder={placeholder}
      allowClear={allowClear}
      {...rest}
      labelInValue
      showSearch
      filterOption={false}
      value={current === undefined ? undefined : { value: current, label: label ?? current }}
      options={loading ? [] : choices}
      onSearch={search}
      onChange={(v) => pick(v?.value)}
      onClear={() => search('')}
      notFoundContent={notFound}
      loading={loading}
    />
  );
}
