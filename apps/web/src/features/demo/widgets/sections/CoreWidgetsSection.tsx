// Cron editor, advanced query, uploaders, file popup and the details modal on one form.
import { Button, Card, Descriptions, Form, Space, Typography } from 'antd';
import { useState } from 'react';
import { AdvancedQuery, type MatchType, type SuperQueryField } from '../../../../components/advanced-query';
import { CronEditor } from '../../../../components/cron-editor';
import { DetailsModal } from '../../../../components/dialogs';
import { FilePopup, FileUpload, ImageUpload, type StoredFile } from '../../../../components/upload';
import { t } from '../../../../lib/i18n';

const QUERY_FIELDS: SuperQueryField[] = [
  { value: 'name', text: '姓名', type: 'string' },
  { value: 'age', text: '年龄', type: 'int' },
  { value: 'birthday', text: '生日', type: 'date' },
  { value: 'sex', text: '性别', type: 'string', dictCode: 'sex' },
  {
    value: 'order',
    text: '订单',
    children: [
      { value: 'code', text: '编号', type: 'string' },
      { value: 'amount', text: '金额', type: 'number' },
    ],
  },
];

/** The query fields with their names in the current language; call while rendering. */
function queryFields(fields: SuperQueryField[] = QUERY_FIELDS): SuperQueryField[] {
  return fields.map((f) => ({ ...f, text: f.text && t(f.text), children: f.children && queryFields(f.children) }));
}

export default function CoreWidgetsSection() {
  const [form] = Form.useForm();
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const [query, setQuery] = useState<{ params: string; matchType: MatchType }>();
  const [popupOpen, setPopupOpen] = useState(false);
  const [popupFiles, setPopupFiles] = useState<StoredFile[]>([]);
  const [detailsOpen, setDetailsOpen] = useState(false);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('表单控件')} size="small">
        <Form form={form} layout="vertical" style={{ maxWidth: 640 }} initialValues={{ cron: '0 0 12 * * ? *' }}>
          <Form.Item label={t('Cron表达式')} name="cron">
            <CronEditor />
          </Form.Item>
          <Form.Item label={t('图片上传')} name="images" extra={t('最多3张')}>
            <ImageUpload maxCount={3} biz="demo" />
          </Form.Item>
          <Form.Item label={t('文件上传')} name="files">
            <FileUpload biz="demo" />
          </Form.Item>
        </Form>
        <Typography.Paragraph>
          {t('表单值：')}<code data-testid="core-form-values">{JSON.stringify(values ?? {})}</code>
        </Typography.Paragraph>
      </Card>
      <Card title={t('高级查询')} size="small">
        <AdvancedQuery fields={queryFields()} saveCode="demo-widgets" onSearch={(params, matchType) => setQuery({ params, matchType })} />
        <Typography.Paragraph style={{ marginTop: 12 }}>
          {t('查询参数：')}<code data-testid="super-query-params">{query ? `${query.matchType} ${query.params}` : t('无')}</code>
        </Typography.Paragraph>
      </Card>
      <Card title={t('弹窗')} size="small">
        <Space>
          <Button onClick={() => setPopupOpen(true)}>{t('文件弹窗')}</Button>
          <Button onClick={() => setDetailsOpen(true)}>{t('详细信息')}</Button>
        </Space>
        {popupFiles.length > 0 && (
          <ul>
            {popupFiles.map((f) => (
              <li key={f.filePath}>
                {f.fileName} ({f.fileSize} B)
              </li>
            ))}
          </ul>
        )}
        <FilePopup
          open={popupOpen}
          onCancel={() => setPopupOpen(false)}
          onOk={(files) => {
            setPopupFiles(files);
            setPopupOpen(false);
          }}
        />
        <DetailsModal open={detailsOpen} onClose={() => setDetailsOpen(false)} onOk={async () => true}>
          <Descriptions column={2} items={[{ key: 'a', label: t('名称'), children: t('示例') }, { key: 'b', label: t('状态'), children: t('正常') }]} />
        </DetailsModal>
      </Card>
    </Space>
  );
}
