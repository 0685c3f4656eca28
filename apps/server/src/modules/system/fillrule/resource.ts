import { z } from 'zod';
import type { ResourceDef } from '../../../core/crud';
import { RULE_CODE } from '../checkrule/resource';
import { ruleClassCheck, ruleParamsCheck } from './params';

export const fillRuleResource: ResourceDef = {
  label: '填值规则',
  table: 'sysFillRule',
  path: '/sys/fillRule',
  permission: 'system:fillRule',
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false, excel: false },
    { name: 'ruleName', type: 'string', title: '规则名称', required: true, max: 100 },
    { name: 'ruleCode', type: 'string', title: '规则编码', required: true, unique: true, max: 100, check: z.string().regex(RULE_CODE, '规则编码只能包含字母、数字、下划线、横线和点') },
    { name: 'ruleClass', type: 'string', title: '规则类型', required: true, max: 100, check: ruleClassCheck },
    { name: 'ruleParams', type: 'string', title: '规则参数', max: 500, query: false, sort: false, check: ruleParamsCheck },
    { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
    { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
    { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
  ],
};
