// A search field with its button: Enter or the button searches; emptying the field searches for everything.
import { useState, type FormEvent } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { t } from '../../../../../lib/i18n';
import './ui.css';

export interface SearchBoxProps {
  /** the spoken name of the field; the placeholder by default */
  label?: string;
  placeholder?: string;
  onSearch: (text: string) => void;
  className?: string;
}

export function SearchBox({ label, placeholder, onSearch, className }: SearchBoxProps) {
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className={className ? `ui-search ${className}` : 'ui-search'} onSubmit={submit}>
      <input
        type="search"
        enterKeyHint="search"
        aria-label={label ?? placeholder}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          // the field's own clear button (or deleting everything) shows the whole list again
          if (e.target.value === '' && text !== '') onSearch('');
        }}
      />
      <Button htmlType="submit" icon={<SearchOutlined />} aria-label={t('搜索')} />
    </form>
  );
}
