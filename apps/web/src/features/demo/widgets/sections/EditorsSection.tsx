// Editors, dialogs and small widgets on the widget demo page: a form with the rich-text, code and
// markdown editors and the slider check, then the detail list, ellipsis text and the two dialogs.
import { useState } from 'react';
import { Button, Card, Form, Segmented, Select, Space, Typography } from 'antd';
import { message } from '../../../../lib/antd/static';
import { CODE_LANGUAGES, LazyCodeEditor, LazyMarkdownEditor, LazyRichTextEditor, type CodeLanguage } from '../../../../components/editors';
import { DetailList, DraggableModal, EllipsisText, prompt, SliderCheck } from '../../../../components/widgets';
import { t } from '../../../../lib/i18n';

const LONG_TEXT = '安学云提醒：本周五下午三点在学校礼堂举行全校消防安全疏散演练，请各班主任提前组织学生学习疏散路线并准时参加。';

/** The slider check as a form field: true once verified. */
function SliderField({ onChange }: { value?: boolean; onChange?: (v: boolean) => void }) {
  return <SliderCheck onSuccess={() => onChange?.(true)} />;
}

export default function EditorsSection() {
  const [form] = Form.useForm();
  const [language, setLanguage] = useState<CodeLanguage>('javascript');
  const [columns, setColumns] = useState<number>(3);
  const [modalOpen, setModalOpen] = useState(false);
  const [submitted, setSubmitted] = useState<Record<string, unknown>>();
  const [promptValue, setPromptValue] = useState<string>();

  const openPrompt = () =>
    prompt({
      title: t('输入对话框'),
      content: t('请输入新的班级名称'),
      placeholder: t('班级名称'),
      rules: [
        { required: true, message: t('请输入班级名称') },
        { max: 20, message: t('最大长度{n}位字符', { n: 20 }) },
      ],
      // A short wait shows the loading OK button of an asynchronous callback.
      onOk: (value) => new Promise<void>((resolve) => setTimeout(() => (setPromptValue(value), resolve()), 600)),
    });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('编辑器')} size="small">
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            richText: t('<p>欢迎使用<strong>安学云</strong>。</p>'),
            code: `function hello(name) {\n  return \`${t('你好，')}\${name}\`;\n}\n`,
            markdown: `# ${t('标题')}\n\n${t('**加粗** 与 *斜体*')}\n`,
          }}
          onFinish={(values) => {
            setSubmitted(values);
            message.success(t('提交成功'));
          }}
        >
          <Form.Item label={t('富文本')} name="richText" rules={[{ required: true, message: t('请输入内容') }]}>
            <LazyRichTextEditor />
          </Form.Item>
          <Form.Item label={t('代码编辑器')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Select<CodeLanguage> aria-label={t('语言')} value={language} onChange={setLanguage} style={{ width: 160 }} options={CODE_LANGUAGES.map((l) => ({ value: l, label: l }))} />
              <Form.Item name="code" noStyle>
                <LazyCodeEditor language={language} height={240} />
              </Form.Item>
            </Space>
          </Form.Item>
          <Form.Item label="Markdown" name="markdown">
            <LazyMarkdownEditor />
          </Form.Item>
          <Form.Item
            label={t('滑块验证')}
            name="human"
            rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('请完成滑块验证')))) }]}
          >
            <SliderField />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('提交')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
        {submitted && (
          <Typography.Paragraph>
            {t('已提交：')}<code data-testid="editors-form-values">{JSON.stringify(submitted)}</code>
          </Typography.Paragraph>
        )}
      </Card>

      <Card
        title={t('详情列表')}
        size="small"
        extra={<Segmented aria-label={t('列数')} value={columns} onChange={(v) => setColumns(Number(v))} options={[1, 2, 3, 4].map((n) => ({ label: t('{n}列', { n }), value: n }))} />}
      >
        <DetailList title={t('学生信息')} col={columns}>
          <DetailList.Item term={t('姓名')}>{t('张小明')}</DetailList.Item>
          <DetailList.Item term={t('学号')}>20240312</DetailList.Item>
          <DetailList.Item term={t('班级')}>{t('三年级二班')}</DetailList.Item>
          <DetailList.Item term={t('班主任')}>{t('李老师')}</DetailList.Item>
          <DetailList.Item term={t('联系电话')}>13800138000</DetailList.Item>
          <DetailList.Item term={t('家庭住址')}>{t('北京市海淀区中关村大街1号')}</DetailList.Item>
        </DetailList>
      </Card>

      <Card title={t('省略文本')} size="small">
        <EllipsisText value={t(LONG_TEXT)} />
      </Card>

      <Card title={t('对话框')} size="small">
        <Space>
          <Button onClick={openPrompt}>{t('输入对话框')}</Button>
          <Button onClick={() => setModalOpen(true)}>{t('可拖拽弹窗')}</Button>
        </Space>
        {promptValue && <Typography.Paragraph style={{ marginTop: 12 }}>{t('输入结果：')}{promptValue}</Typography.Paragraph>}
        <DraggableModal title={t('可拖拽弹窗')} open={modalOpen} width={600} onCancel={() => setModalOpen(false)} onOk={() => setModalOpen(false)}>
          <p>{t('按住标题栏可拖动弹窗（不会移出窗口），右上角按钮切换全屏。')}</p>
        </DraggableModal>
      </Card>
    </Space>
  );
}
