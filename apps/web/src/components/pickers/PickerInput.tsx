// The form control face of every picker: a read-only text that opens the picker, a 选择 button and a
// clear icon.
import { Button, Input, Space } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
import { t } from '../../lib/i18n';

export interface PickerInputProps {
  text: string;
  /** Full text for the tooltip when `text` is shortened. */
  title?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Shows the clear icon when there is a value. */
  hasValue: boolean;
  onOpen: () => void;
  onClear: () => void;
  id?: string;
  buttonText?: string;
}

export function PickerInput({ text, title, placeholder = t('请选择'), disabled, hasValue, onOpen, onClear, id, buttonText = t('选择') }: PickerInputProps) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        readOnly
        value={text}
        title={title ?? text}
        placeholder={placeholder}
        disabled={disabled}
        onClick={() => !disabled && onOpen()}
        suffix={
          hasValue && !disabled ? (
            <CloseCircleFilled
              aria-label={t('清除')}
              role="button"
              style={{ color: 'rgba(0,0,0,.25)', cursor: 'pointer' }}
              onClick={(e) => {
                e.stopPropagation();
                onClear();
              }}
            />
          ) : (
            <span />
          )
        }
      />
      <Button disabled={disabled} onClick={onOpen}>
        {buttonText}
      </Button>
    </Space.Compact>
  );
}
