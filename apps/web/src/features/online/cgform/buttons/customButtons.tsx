// The custom buttons of a generated page (the original's useListButton: cgTopButtonList and
// cgLinkButtonList): `button` ones above the list acting on the selected rows, `link` ones among a row's
// actions (shown when the row meets the button's expression). A link opens the address built from the
// row (in-app paths in the app, http(s) in a new tab); an update (`action` on the page) asks first, then the server sets the
// button's values on the rows (doButton) if the caller holds the button's right.
import { useNavigate } from 'react-router';
import { Button, Space } from 'antd';
import { buildLinkUrl, buttonShownFor, type PageButton } from '@anxue/shared/online-extras';
import type { RowAction } from '../../../../components/list-page';
import { message, Modal } from '../../../../lib/antd/static';
import { http } from '../../../../lib/http';
import { t } from '../../../../lib/i18n';

type Row = { id: string } & Record<string, unknown>;

export const DO_BUTTON = '/online/cgform/api/doButton';

export function useCustomButtons(opts: { headId: string; buttons: PageButton[]; selectedRows: () => Row[]; onDone: () => Promise<void> | void }) {
  const navigate = useNavigate();
  const { headId, buttons, selectedRows, onDone } = opts;

  const open = (b: PageButton, row: Row) => {
    const url = buildLinkUrl(b.linkUrl ?? '', row);
    if (!url) return void message.warning(t('链接地址不可用'));
    if (url.startsWith('/')) navigate(url);
    else window.open(url, '_blank', 'noopener,noreferrer');
  };

  const update = (b: PageButton, rows: Row[]) => {
    if (!rows.length) return void message.warning(t('请先选中一条记录'));
    Modal.confirm({
      title: b.buttonName,
      content: t('确定对选中的 {count} 条记录执行“{name}”吗？', { count: rows.length, name: b.buttonName }),
      okText: t('确定'),
      cancelText: t('取消'),
      onOk: async () => {
        try {
          const res = await http.raw.post(DO_BUTTON, { formId: headId, buttonCode: b.buttonCode, dataId: rows.map((r) => r.id).join(',') });
          void message.success(res.message || t('处理完成!'));
          await onDone();
        } catch {
          // the client showed the server's reason
        }
      },
    });
  };

  const run = (b: PageButton, rows: Row[]) => {
    if (b.optType === 'action') return update(b, rows);
    if (rows.length !== 1) return void message.warning(t('请选中一条记录'));
    open(b, rows[0]);
  };

  const top = buttons.filter((b) => b.buttonStyle === 'button');
  const topBar = top.length ? (
    <Space>
      {top.map((b) => (
        <Button key={b.buttonCode} onClick={() => run(b, selectedRows())}>
          {b.buttonName}
        </Button>
      ))}
    </Space>
  ) : null;

  const rowActions = (row: Row): RowAction[] =>
    buttons.filter((b) => b.buttonStyle === 'link' && buttonShownFor(b.exp, row)).map((b) => ({ key: `cg_${b.buttonCode}`, label: b.buttonName, onClick: () => run(b, [row]) }));

  return { topBar, rowActions };
}
