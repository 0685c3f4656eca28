// 可编辑表格 demo: every column type of spec/02 §3 in one grid, with rules, statistics, linked selects,
// the authPre toolbar, the imperative handle and live updates between open pages (the table socket).
import { Alert, Button, Card, Radio, Space, Switch, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { EditableGrid, GridValidationError, type EditableGridHandle, type GridSocketOptions } from '../../../components/editable-grid';
import { message } from '../../../lib/antd/static';
import { appConfig } from '../../../lib/runtimeConfig';
import { useSession } from '../../../lib/session/store';
import { demoRows, gridDemoColumns } from './gridDemoColumns';
import { t } from '../../../lib/i18n';
import { useProductPicker } from './ProductPicker';

const AUTH_PRE = 'demo:grid:';
export const GRID_DEMO_SOCKET_KEY = 'grid-demo';

/** ws(s)://host{apiBase}: the table socket lives beside the API (also when apiBase names another host). */
export function socketBase(location: Pick<Location, 'protocol' | 'host'> = window.location, apiBase = appConfig().apiBase): string {
  if (/^https?:\/\//.test(apiBase)) return apiBase.replace(/^http/, 'ws');
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${apiBase}`;
}

export default function GridDemoPage() {
  const grid = useRef<EditableGridHandle>(null);
  const [selection, setSelection] = useState<'checkbox' | 'radio'>('checkbox');
  const [canAdd, setCanAdd] = useState(true);
  const [canDelete, setCanDelete] = useState(true);
  const [live, setLive] = useState(true);
  const [output, setOutput] = useState<{ title: string; body: unknown } | null>(null);
  const { pick, modal } = useProductPicker();
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.info?.id);
  // Each open page is its own pageId; the table (socketKey) is shared.
  const pageId = useMemo(() => `grid-demo-${Math.random().toString(36).slice(2, 10)}`, []);

  const rows = useMemo(demoRows, []);
  const columns = useMemo(() => gridDemoColumns({ selection, pickProduct: pick }), [selection, pick]);
  const excludedCodes = useMemo(() => [...(canAdd ? [] : [`${AUTH_PRE}add`]), ...(canDelete ? [] : [`${AUTH_PRE}batch_delete`])], [canAdd, canDelete]);
  const socket = useMemo<GridSocketOptions | undefined>(
    () => (live && token && userId ? { url: socketBase(), userId, pageId, token, socketKey: GRID_DEMO_SOCKET_KEY, sendEdits: true } : undefined),
    [live, token, userId, pageId],
  );

  const getValues = async () => {
    try {
      const { values } = await grid.current!.getValues();
      void message.success(t('校验通过', undefined, 'grid'));
      setOutput({ title: t('全部数据（{n} 行，0 处错误）', { n: values.length }), body: values });
    } catch (err) {
      if (!(err instanceof GridValidationError)) throw err;
      void message.error(t('校验未通过：{n} 处错误', { n: err.errorCount }));
      setOutput({ title: t('校验未通过：{n} 处错误', { n: err.errorCount }), body: err.errors });
    }
  };

  return (
    <Card variant="borderless" title={t('可编辑表格')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{t('选择方式')}</span>
        <Radio.Group
          value={selection}
          onChange={(e) => setSelection(e.target.value)}
          options={[
            { value: 'checkbox', label: t('多选') },
            { value: 'radio', label: t('单选') },
          ]}
        />
        <span>{t('允许新增')}</span>
        <Switch aria-label={t('允许新增')} checked={canAdd} onChange={setCanAdd} />
        <span>{t('允许删除')}</span>
        <Switch aria-label={t('允许删除')} checked={canDelete} onChange={setCanDelete} />
        <span>{t('多页面实时同步')}</span>
        <Switch aria-label={t('多页面实时同步')} checked={live} onChange={setLive} />
      </Space>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => void getValues()}>
          {t('获取值')}
        </Button>
        <Button onClick={() => setOutput({ title: t('新增的数据'), body: grid.current!.getNewData() })}>{t('获取新增数据')}</Button>
        <Button onClick={() => setOutput({ title: t('删除的数据'), body: grid.current!.getDeleteData() })}>{t('获取删除数据')}</Button>
        <Button onClick={() => grid.current!.clearSelection()}>{t('清空选择')}</Button>
      </Space>
      <EditableGrid
        ref={grid}
        columns={columns}
        value={rows}
        dragSort
        authPre={AUTH_PRE}
        excludedCodes={excludedCodes}
        toolbar={{ move: true }}
        disabledRows={{ createdBy: 'system' }}
        expandedRowRender={(row) => (
          <Typography.Text>
            {String(row.name ?? '')}
            {t('：')}
            {String(row.description ?? t('暂无描述'))}
          </Typography.Text>
        )}
        socket={socket}
        maxHeight={480}
      />
      {output ? (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          message={output.title}
          description={<pre style={{ maxHeight: 240, overflow: 'auto', margin: 0 }}>{JSON.stringify(output.body, null, 2)}</pre>}
          closable
          onClose={() => setOutput(null)}
        />
      ) : null}
      {modal}
    </Card>
  );
}
