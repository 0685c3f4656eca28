// Add/edit a check rule: name, code (unique), description and its parts (digits, pattern, message),
// edited as rows and saved as the ruleJson array.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { UniqueCodeItem } from '../../../components/dict';
import { ListFormModal } from '../../../components/list-page';
import { CHECK_RULE_API, isValidRegex, MAX_PATTERN_LENGTH, parseRuleParts, type CheckRule, type RulePart } from './checkRuleApi';
import { formRules } from '../../../lib/formRules';

const DIGITS = /^(\*|[1-9]\d*)$/;

export function CheckRuleFormModal({ record, onClose, onSaved }: { record: Partial<CheckRule> | undefined; onClose: () => void; onSaved: () => void }) {
  return (
    <ListFormModal<CheckRule>
      title="校验规则"
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
      <Form.Item label="规则名称" name="ruleName" rules={formRules.required('规则名称', { max: 100 })}>
        <Input placeholder="请输入规则名称" />
      </Form.Item>
      <UniqueCodeItem label="规则编码" name="ruleCode" tableName="sys_check_rule" fieldName="rule_code" dataId={record?.id} max={100} />
      <Form.Item label="规则描述" name="ruleDescription" rules={formRules.length({ max: 200 })}>
        <Input.TextArea placeholder="请输入规则描述" rows={2} />
      </Form.Item>
      <Form.Item label="规则设置" extra="按顺序依次校验：位数为 * 时校验剩余全部字符">
        <Form.List name="parts" rules={[{ validator: async (_r, parts?: RulePart[]) => { if (!parts?.length) throw new Error('请至少添加一条规则'); } }]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, i) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[field.name, 'digits']} rules={[{ required: true, message: '请输入位数' }, { pattern: DIGITS, message: '正整数或 *' }]}>
                    <Input placeholder="位数" aria-label={`位数 ${i + 1}`} style={{ width: 80 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'pattern']}
                    rules={[
                      { required: true, message: '请输入正则表达式' },
                      { max: MAX_PATTERN_LENGTH, message: `最大长度${MAX_PATTERN_LENGTH}位字符` },
                      { validator: async (_r, v?: string) => { if (v && !isValidRegex(v)) throw new Error('正则表达式不合法'); } },
                    ]}
                  >
                    <Input placeholder="正则表达式" aria-label={`正则 ${i + 1}`} style={{ width: 260 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'message']} rules={[{ required: true, message: '请输入提示信息' }]}>
                    <Input placeholder="校验失败时的提示" aria-label={`提示 ${i + 1}`} style={{ width: 220 }} />
                  </Form.Item>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除规则 ${i + 1}`} onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ digits: '*', pattern: '', message: '' })}>
                添加一条规则
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form.Item>
    </ListFormModal>
  );
}
