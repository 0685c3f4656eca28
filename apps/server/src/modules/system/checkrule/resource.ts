import { z } from 'zod';
import type { ResourceDef } from '../../../core/crud';
import { ruleJsonCheck } from './rule-json';

/** Rule codes are referenced from forms: letters, digits and `_` `-` `.` only. */
export const RULE_CODE = /^[A-Za-z0-9_.-]+$/;

export const checkRuleResource: ResourceDef = {
  label: '校验规则',
  table: 'sysCheckRule',
  path: '/sys/checkRule',
  permission: 'system:checkRule',
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false, excel: false },
    { name: 'ruleName', type: 'string', title: '规则名称', required: true, max: 100 },
    { name: 'ruleCode', type: 'string', title: '规则编码', required: true, unique: true, max: 100, check: z.string().regex(RULE_CODE, '规则编码只能包含字母、数字、下划线、横线和点') },
    { name: 'ruleJson', type: 'string', title: '规则JSON', required: true, max: 4000, query: false, sort: false, check: ruleJsonCheck },
    { name: 'ruleDescription', type: 'string', title: '规则描述', max: 200 },
    { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
    { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
    { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
  ],
};
