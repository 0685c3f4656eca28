// 高级查询 (spec/02 §3-§5): a button opening the 1000-wide builder; emits superQueryParams (JSON of
// {field, rule, val, type, dbType}) and the match type to the list page.
import { useMemo, useState } from 'react';
import { FilterOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Input, Modal, Row, Select, Space } from 'antd';
import { MODAL_WIDTHS } from '@anxue/shared/constants';
import { message, Modal as StaticModal } from '../../lib/antd/static';
import { flattenFields, fromSaved, isEmptyQuery, MATCH_OPTIONS, MESSAGES, newLine, readSaved, RULE_OPTIONS, toEmitted, upsertSaved, withField, withRule, writeSaved } from './rules';
import { SavedQueries } from './SavedQueries';
import { ValueInput } from './ValueInput';
import type { MatchType, SavedQuery, SuperQueryCondition, SuperQueryField } from './types';
import { t } from '../../lib/i18n';

export interface AdvancedQueryProps {
  fields: SuperQueryField[];
  /** Saved queries key suffix; defaults to the current route path. */
  saveCode?: string;
  onSearch: (superQueryParams: string, matchType: MatchType) => void;
}

const routePath = () => `${window.location.pathname}${window.location.search}`;

export function AdvancedQuery({ fields, saveCode, onSearch }: AdvancedQueryProps) {
  const code = saveCode || routePath();
  const flat = useMemo(() => flattenFields(fields), [fields]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(false);
  const [lines, setLines] = useState<SuperQueryCondition[]>([]);
  const [matchType, setMatchType] = useState<MatchType>('and');
  const [saved, setSaved] = useState<SavedQuery[]>(() => readSaved(code));
  const [naming, setNaming] = useState<string | null>(null);

  const show = () => {
    if (lines.length === 0) setLines([newLine()]);
    setSaved(readSaved(code));
    setOpen(true);
  };
  const update = (key: string, fn: (l: SuperQueryCondition) => SuperQueryCondition) => setLines((ls) => ls.map((l) => (l.key === key ? fn(l) : l)));
  const addAfter = (index: number) => setLines((ls) => [...ls.slice(0, index + 1), newLine(), ...ls.slice(index + 1)]);
  const removeLine = (key: string) => setLines((ls) => ls.filter((l) => l.key !== key));

  const emit = (params: string, mt: MatchType) => {
    setActive(!!params);
    onSearch(params, mt);
  };

  const query = () => {
    if (isEmptyQuery(lines)) {
      void message.warning(t(MESSAGES.emptyQuery));
      return;
    }
    const emitted = toEmitted(lines);
    emit(emitted.length ? JSON.stringify(emitted) : '', matchType);
    setOpen(false);
  };

  const reset = () => {
    setLines([]);
    emit('', matchType);
  };

  const startSave = () => {
    if (isEmptyQuery(lines)) {
      void message.warning(t(MESSAGES.emptySave));
      return;
    }
    setNaming('');
  };

  const store = (title: string) => {
    const next = upsertSaved(readSaved(code), { title, matchType, records: toEmitted(lines) });
    writeSaved(code, next);
    setSaved(next);
    setNaming(null);
    void message.success(t(MESSAGES.saved));
  };

  const confirmName = () => {
    const title = (naming ?? '').trim();
    if (!title) {
      void message.warning(t(MESSAGES.emptyName));
      return;
    }
    if (readSaved(code).some((q) => q.title === title)) {
      StaticModal.confirm({ title: t('提示'), content: MESSAGES.overwrite(title), okText: t('确定'), cancelText: t('取消'), onOk: () => store(title) });
      return;
    }
    store(title);
  };

  const removeSaved = (q: SavedQuery) => {
    const next = readSaved(code).filter((s) => s.title !== q.title);
    writeSaved(code, next);
    setSaved(next);
  };

  const pick = (q: SavedQuery) => {
    setMatchType(q.matchType ?? 'and');
    setLines(fromSaved(q.records ?? []));
  };

  return (
    <>
      <Button icon={<FilterOutlined />} type={active ? 'primary' : 'default'} ghost={active} title={active ? t('已有高级查询条件生效') : undefined} onClick={show}>
        {t('高级查询')}
      </Button>
      <Modal
        title={t('高级查询构造器')}
        width={MODAL_WIDTHS.superQuery}
        open={open}
        onCancel={() => setOpen(false)}
        footer={
          <div style={{ display: 'flex', justifyContent: 'space-between' }}>
            <Button onClick={startSave}>{t('保存查询条件')}</Button>
            <Space>
              <Button onClick={reset}>{t('重置')}</Button>
              <Button onClick={() => setOpen(false)}>{t('关闭')}</Button>
              <Button type="primary" onClick={query}>
                {t('查询')}
              </Button>
            </Space>
          </div>
        }
      >
        <Row gutter={16}>
          <Col span={18}>
            {lines.length === 0 ? (
              <Empty description={t('没有任何查询条件')}>
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => setLines([newLine()])}>
                  {t('添加条件')}
                </Button>
              </Empty>
            ) : (
              <>
                <Space style={{ marginBottom: 12 }}>
                  <span>{t('过滤条件匹配：')}</span>
                  <Select aria-label={t('匹配方式')} style={{ width: 260 }} value={matchType} onChange={(v: MatchType) => setMatchType(v)} options={MATCH_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} />
                </Space>
                {lines.map((line, i) => {
                  const field = flat.find((f) => f.value === line.field);
                  return (
                    <Row key={line.key} gutter={8} style={{ marginBottom: 8 }} data-testid="super-query-line">
                      <Col span={8}>
                        <Select
                          aria-label={t('查询字段')}
                          style={{ width: '100%' }}
                          placeholder={t('选择查询字段')}
                          showSearch
                          optionFilterProp="label"
                          value={line.field}
                          onChange={(v: string) => update(line.key, (l) => withField(l, flat.find((f) => f.value === v)))}
                          options={flat.map((f) => ({ value: f.value, label: f.text && t(f.text) }))}
                        />
                      </Col>
                      <Col span={5}>
                        <Select aria-label={t('匹配规则')} style={{ width: '100%' }} placeholder={t('匹配规则')} value={line.rule} onChange={(r) => update(line.key, (l) => withRule(l, r))} options={RULE_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} />
                      </Col>
                      <Col span={8}>
                        <ValueInput field={field} rule={line.rule} value={line.val} onChange={(v) => update(line.key, (l) => ({ ...l, val: v }))} />
                      </Col>
                      <Col span={3}>
                        <Space>
                          <Button aria-label={t('添加条件')} icon={<PlusOutlined />} onClick={() => addAfter(i)} />
                          <Button aria-label={t('删除条件')} icon={<MinusCircleOutlined />} onClick={() => removeLine(line.key)} />
                        </Space>
                      </Col>
                    </Row>
                  );
                })}
              </>
            )}
          </Col>
          <Col span={6}>
            <SavedQueries items={saved} onPick={pick} onDelete={removeSaved} />
          </Col>
        </Row>
      </Modal>
      <Modal title={t('请输入保存的名称')} open={naming !== null} onOk={confirmName} onCancel={() => setNaming(null)} okText={t('确定')} cancelText={t('取消')} destroyOnHidden>
        <Input aria-label={t('保存名称')} value={naming ?? ''} onChange={(e) => setNaming(e.target.value)} placeholder={t('请输入保存的名称')} />
      </Modal>
    </>
  );
}
