// Add/edit a check rule: name, code (unique), description and its parts (digits, pattern, message),
// edited as rows and saved as the ruleJson array.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { UniqueCodeItem } from '../../../components/dict';
import { ListFormModal } from '../../../components/list-page';
import { CHECK_RULE_API, isValidRegex, MAX_PATTERN_LENGTH, parseRuleParts, type CheckRule, type RulePart } from './checkRuleApi';
import { formRules } from '../../../lib/formRules';
import { t } from '../../../lib/i18n';

const DIGITS = /^(\*|[1-9]\d*)$/;

export function CheckRuleFormModal({ record, onClose, onSaved }: { record: Partial<CheckRule> | undefined; onClose: () => void; onSaved: () => void }) {
  return (
    <ListFormModal<CheckRule>
      title={t('校验规则', undefined, 'item')}
      record={record}
      api={CHECK_RULE_API}
      onClose={onClose}
      onSaved={onSaved}
      width={900}
      toForm={(r) => ({ ...r, parts: r.id ? parseRuleParts(r.ruleJson) : [{ digits: '*', pattern: '', message: '' }] })}
      toBody={(v) => {
        const { parts, ...rest } = v as { parts?: RulePart[] } & Record<string, unknown>;
        return { ...rest, ruleJson: JSON.stringify((parts ?? []).map((p) => ({ digits: p.digits, pattern: p.pattern, message: p.message }))) };
      }}
    >
      <Form.Item label={t('规则名称')} name="ruleName" rules={formRules.required('规则名称', { max: 100 })}>
        <Input placeholder={t('请输入规则名称')} />
      </Form.Item>
      <UniqueCodeItem label={t('规则编码')} name="ruleCode" tableName="sys_check_rule" fieldName="rule_code" dataId={record?.id} max={100} />
      <Form.Item label={t('规则描述')} name="ruleDescription" rules={formRules.length({ max: 200 })}>
        <Input.TextArea placeholder={t('请输入规则描述')} rows={2} />
      </Form.Item>
      <Form.Item label={t('规则设置')} extra={t('按顺序依次校验：位数为 * 时校验剩余全部字符')}>
        <Form.List name="parts" rules={[{ validator: async (_r, parts?: RulePart[]) => { if (!parts?.length) throw new Error(t('请至少添加一条规则')); } }]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, i) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[field.name, 'digits']} rules={[{ required: true, message: t('请输入位数') }, { pattern: DIGITS, message: t('正整数或 *') }]}>
                    <Input placeholder={t('位数')} aria-label={t('位数 {n}', { n: i + 1 })} style={{ width: 80 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'pattern']}
                    rules={[
                      { required: true, message: t('请输入正则表达式') },
                      { max: MAX_PATTERN_LENGTH, message: t('最大长度{n}位字符', { n: MAX_PATTERN_LENGTH }) },
                      { validator: async (_r, v?: string) => { if (v && !isValidRegex(v)) throw new Error(t('正则表达式不合法')); } },
                    ]}
                  >
                    <Input placeholder={t('正则表达式')} aria-label={t('正则 {n}', { n: i + 1 })} style={{ width: 260 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'message']} rules={[{ required: true, message: t('请输入提示信息') }]}>
                    <Input placeholder={t('校验失败时的提示')} aria-label={t('提示 {n}', { n: i + 1 })} style={{ width: 220 }} />
                  </Form.Item>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('删除规则 {n}', { n: i + 1 })} onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ digits: '*', pattern: '', message: '' })}>
                {t('添加一条规则')}
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form.Item>
    </ListFormModal>
  );
}
