// 评论 of one record of an online form (the original's CommentPanel beside a record's detail): the comments
// oldest first with their files, a reply to any of them, and a box to write one with files attached.
// The server decides who may read, write and delete (the form's rights); @name tells that user.
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { RecordComment } from '@anxue/shared/online-data';
import { Avatar, Button, Empty, Input, Popconfirm, Space, Spin, Tag, Typography, Upload, message } from 'antd';
import type { UploadFile } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { downloadStored, imageUrl, isImagePath, uploadFile } from '../../../lib/files';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../lib/session/store';

export const COMMENT_API = {
  list: '/sys/comment/listByForm',
  add: '/sys/comment/addText',
  addFile: '/sys/comment/addFile',
  delete: '/sys/comment/deleteOne',
} as const;

const MAX_FILES = 5;

interface RecordCommentsProps {
  /** The form's table name (what comments are filed under). */
  tableName: string;
  dataId: string;
  /** The caller holds the form's delete right, and so may remove anyone's comment. */
  canModerate?: boolean;
}

/** The comment text with each @name set off. */
function CommentText({ text }: { text: string }) {
  const parts = text.split(/(@[A-Za-z0-9_.-]{1,100})/g);
  return (
    <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
      {parts.map((p, i) => (p.startsWith('@') ? <Typography.Text key={i} type="success">{p}</Typography.Text> : p))}
    </Typography.Paragraph>
  );
}

export function RecordComments({ tableName, dataId, canModerate = false }: RecordCommentsProps) {
  const me = useSession((s) => s.info?.id);
  const [comments, setComments] = useState<RecordComment[]>([]);
  const [loading, setLoading] = useState(true);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [replyTo, setReplyTo] = useState<RecordComment | null>(null);
  const [sending, setSending] = useState(false);

  const load = useCallback(async () => {
    try {
      const page = await http.get<{ records: RecordComment[] }>(COMMENT_API.list, { tableName, tableDataId: dataId });
      setComments(page.records ?? []);
    } catch {
      /* the client showed the notice */
    } finally {
      setLoading(false);
    }
  }, [tableName, dataId]);

  useEffect(() => {
    void load();
  }, [load]);

  const send = async () => {
    const content = text.trim();
    if (!content) {
      void message.warning(t('请输入评论内容'));
      return;
    }
    setSending(true);
    try {
      const id = await http.post<string>(COMMENT_API.add, { tableName, tableDataId: dataId, commentContent: content, commentId: replyTo?.id ?? '' });
      const failed: string[] = [];
      for (const f of files) {
        if (!f.originFileObj) continue;
        const out = await uploadFile(f.originFileObj, { action: COMMENT_API.addFile, biz: 'comment', data: { commentId: id, tableName, tableDataId: dataId }, responseName: 'result' }).done;
        if (!out.ok) failed.push(`${f.name}：${out.message}`);
      }
      if (failed.length) void message.warning(t('评论已发表，以下文件未能上传：{files}', { files: failed.join(t('；')) }));
      setText('');
      setFiles([]);
      setReplyTo(null);
      await load();
    } catch {
      /* the client showed the notice */
    } finally {
      setSending(false);
    }
  };

  const remove = async (c: RecordComment) => {
    try {
      await http.delete(COMMENT_API.delete, { id: c.id });
      void message.success(t('删除成功'));
      await load();
    } catch {
      /* the client showed the notice */
    }
  };

  return (
    <section aria-label={t('评论')} style={{ marginTop: 12 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {comments.length ? t('评论（{n}）', { n: comments.length }) : t('评论')}
      </Typography.Title>
      <Spin spinning={loading}>
        {comments.length === 0 && !loading ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无评论')} /> : null}
        <ul style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: 320, overflowY: 'auto' }}>
          {comments.map((c) => {
            const name = c.fromUserId_dictText || c.createBy || '';
            return (
              <li key={c.id} data-comment={c.id} style={{ display: 'flex', gap: 8, padding: '8px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
                <Avatar src={c.fromUserAvatar ? imageUrl(c.fromUserAvatar) : undefined}>{name.slice(0, 1)}</Avatar>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Space size={8} wrap>
                    <Typography.Text strong>{name}</Typography.Text>
                    {c.toUserId_dictText ? <Typography.Text type="secondary">{t('回复 {name}', { name: c.toUserId_dictText })}</Typography.Text> : null}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {c.createTime}
                    </Typography.Text>
                  </Space>
                  <CommentText text={c.commentContent} />
                  {c.fileList.length > 0 && (
                    <Space size={[8, 4]} wrap>
                      {c.fileList.map((f) =>
                        isImagePath(f.url) ? (
                          <a key={f.fileId} href={imageUrl(f.url)} target="_blank" rel="noreferrer">
                            <img src={imageUrl(f.url)} alt={f.name} style={{ height: 48, borderRadius: 4 }} />
                          </a>
                        ) : (
                          <Tag key={f.fileId} icon={<PaperClipOutlined />} style={{ cursor: 'pointer' }} onClick={() => void downloadStored(f.url, f.name).catch(() => message.error(t('文件下载失败')))}>
                            {f.name}
                          </Tag>
                        ),
                      )}
                    </Space>
                  )}
                  <Space size={4}>
                    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setReplyTo(c)}>
                      {t('回复')}
                    </Button>
                    {(c.fromUserId === me || canModerate) && (
                      <Popconfirm title={t('确定删除这条评论吗？')} okText={t('确定')} cancelText={t('取消')} onConfirm={() => void remove(c)}>
                        <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('删除评论')} />
                      </Popconfirm>
                    )}
                  </Space>
                </div>
              </li>
            );
          })}
        </ul>
      </Spin>
      <div style={{ marginTop: 8 }}>
        {replyTo && (
          <Tag closable onClose={() => setReplyTo(null)} style={{ marginBottom: 4 }}>
            {t('回复 {name}', { name: replyTo.fromUserId_dictText || replyTo.createBy || '' })}
          </Tag>
        )}
        <Input.TextArea
          aria-label={t('评论内容')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('写下评论，输入 @账号 可提醒同事')}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={2000}
          showCount
        />
        <Space style={{ marginTop: 8, width: '100%', justifyContent: 'space-between' }} align="start">
          <Upload fileList={files} beforeUpload={() => false} onChange={({ fileList }) => setFiles(fileList.slice(0, MAX_FILES))} multiple>
            <Button icon={<PaperClipOutlined />} size="small">
              {t('添加附件')}
            </Button>
          </Upload>
          <Button type="primary" size="small" loading={sending} onClick={() => void send()}>
            {t('发表评论')}
          </Button>
        </Space>
      </div>
    </section>
  );
}
