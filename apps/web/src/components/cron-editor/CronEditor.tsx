import { ScheduleOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { t } from '../../lib/i18n';
import { CronModal } from './CronModal';

export interface CronEditorProps {
  /** Set by Form.Item. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
}

/** A controlled cron input (works inside Form.Item) with a modal to build the expression. */
export function CronEditor({ id, value, onChange, disabled, placeholder = t('请输入cron表达式') }: CronEditorProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={value}
          disabled={disabled}
          placeholder={placeholder}
          onChange={(e) => onChange?.(e.target.value)}
        />
        <Button icon={<ScheduleOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
          {t('选择')}
        </Button>
      </Space.Compact>
      {/* Mounted only while open, so each opening parses the current value afresh. */}
      {open && (
        <CronModal
          initialValue={value}
          onCancel={() => setOpen(false)}
          onOk={(expression) => {
            onChange?.(expression);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
