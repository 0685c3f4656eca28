// Add/edit a fill rule: name, code (unique), kind, and the kind's parameters (saved as ruleParams JSON).
import { Form, Input, InputNumber, Switch } from 'antd';
import { DictSelect, UniqueCodeItem } from '../../../components/dict';
import { ListFormModal } from '../../../components/list-page';
import { DATE_FORMATS, FILL_RULE_API, parseParams, RULE_KINDS, type FillRule, type FillRuleParams } from './fillRuleApi';
import { formRules } from '../../../lib/formRules';
import { t } from '../../../lib/i18n';

const PARAM_KEYS = ['prefix', 'dateFormat', 'seqLength', 'resetDaily'] as const;

export function FillRuleFormModal({ record, onClose, onSaved }: { record: Partial<FillRule> | undefined; onClose: () => void; onSaved: () => void }) {
  return (
    <ListFormModal<FillRule>
      title={t('填值规则', undefined, 'item')}
      record={record}
      api={FILL_RULE_API}
      onClose={onClose}
      onSaved={onSaved}
      width={700}
      toForm={(r) => ({ ruleClass: 'order_num', prefix: '', dateFormat: 'YYYYMMDD', seqLength: 4, resetDaily: false, ...r, ...parseParams(r.ruleParams) })}
      toBody={(v) => {
        const rest: Record<string, unknown> = { ...v };
        const params: FillRuleParams = {};
        for (const key of PARAM_KEYS) {
          (params as Record<string, unknown>)[key] = rest[key];
          delete rest[key];
        }
        const body: FillRuleParams =
          rest.ruleClass === 'order_num'
            ? { prefix: params.prefix ?? '', dateFormat: params.dateFormat ?? '', seqLength: params.seqLength, resetDaily: !!params.resetDaily }
            : rest.ruleClass === 'sequence'
              ? { prefix: params.prefix ?? '', seqLength: params.seqLength }
              : {};
        return { ...rest, ruleParams: JSON.stringify(body) };
      }}
    >
      {(form) => (
        <>
          <Form.Item label={t('规则名称')} name="ruleName" rules={formRules.required('规则名称', { max: 100 })}>
            <Input placeholder={t('请输入规则名称')} />
          </Form.Item>
          <UniqueCodeItem label={t('规则编码')} name="ruleCode" tableName="sys_fill_rule" fieldName="rule_code" dataId={record?.id} max={100} />
          <Form.Item label={t('规则类型')} name="ruleClass" rules={formRules.requiredSelect('规则类型')}>
            <DictSelect options={RULE_KINDS} allowClear={false} placeholder={t('请选择规则类型')} />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.ruleClass !== b.ruleClass}>
            {() => {
              const kind = form.getFieldValue('ruleClass');
              if (kind !== 'order_num' && kind !== 'sequence') return null;
              return (
                <>
                  <Form.Item label={t('前缀')} name="prefix" rules={[{ max: 20, message: t('最大长度20位字符') }, { pattern: /^[A-Za-z0-9_-]*$/, message: t('只允许字母、数字、下划线和中划线') }]}>
                    <Input placeholder={t('如 CN')} />
                  </Form.Item>
                  {kind === 'order_num' && (
                    <Form.Item label={t('日期格式')} name="dateFormat">
                      <DictSelect options={DATE_FORMATS} allowClear={false} />
                    </Form.Item>
                  )}
                  <Form.Item label={t('流水号位数')} name="seqLength" rules={[{ required: true, message: t('请输入流水号位数!') }]}>
                    <InputNumber min={1} max={12} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                  {kind === 'order_num' && (
                    <Form.Item label={t('每日重置')} name="resetDaily" valuePropName="checked">
                      <Switch />
                    </Form.Item>
                  )}
                </>
              );
            }}
          </Form.Item>
        </>
      )}
    </ListFormModal>
  );
}
