// 导入花名册 and 打印登录卡 of 班级管理: the import answers the new students' first passwords once, which go
// straight to the print page; 打印登录卡 issues new ones for a class's students who have not changed theirs.
import { useState } from 'react';
import { Alert, Button, List, Modal, Popconfirm, Space, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { message } from '../../../../../lib/antd/static';
import { http, HttpError } from '../../../../../lib/http';
import { t } from '../../../../../lib/i18n';
import { usePermission } from '../../../../../lib/permission/usePermission';
import { downloadErrorFile } from '../../../../../components/import-excel/downloadErrorFile';
import type { ImportErrorResult } from '../../../../../components/import-excel/importRules';
import { holdCards, printClassCards, PRINT_CARDS_PATH, resetStudentPassword, type LoginCard } from './cards';

interface RosterResult {
  cards: LoginCard[];
  classesCreated: number;
  created: number;
  updated: number;
}

export function RosterImportButton({ onDone }: { onDone: () => void }) {
  const { has } = usePermission();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<UploadFile>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ text: string; result: RosterResult }>();
  const [refused, setRefused] = useState<{ text: string; report?: ImportErrorResult }>();
  const navigate = useNavigate();
  // the import hands out the student role: the server refuses it without the grant right
  if (!has('students:class:importExcel') || !has('students:class:add') || !has('system:user:grantRole')) return null;
  const close = () => {
    setOpen(false);
    setFile(undefined);
    setDone(undefined);
    setRefused(undefined);
  };
  const upload = async () => {
    const form = new FormData();
    form.append('file', file!.originFileObj ?? (file as unknown as File));
    setBusy(true);
    setRefused(undefined);
    try {
      const res = await http.raw.post<RosterResult>('/students/class/importRoster', form, { silent: true });
      setDone({ text: res.message, result: res.result });
      onDone();
    } catch (e) {
      const body = e instanceof HttpError ? e.body : undefined;
      setRefused({ text: body?.message ?? (e instanceof Error ? e.message : t('导入失败')), report: (body?.result as ImportErrorResult | null) ?? undefined });
    } finally {
      setBusy(false);
    }
  };
  const print = () => {
    holdCards(t('花名册'), done!.result.cards);
    navigate(PRINT_CARDS_PATH);
  };
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('导入花名册')}
      </Button>
      <Modal title={t('导入花名册')} open={open} onCancel={close} destroyOnHidden width={560} footer={<Button onClick={close}>{t('关闭')}</Button>}>
        {done ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type="success" showIcon message={done.text} />
            {done.result.cards.length > 0 && <Alert type="warning" showIcon message={t('新学生的初始密码只显示这一次，请立即打印登录卡。')} />}
            {done.result.updated > 0 && <div>{t('已有账号的学生密码未变；需要时可在班级列表“打印登录卡”重新生成。')}</div>}
            {done.result.cards.length > 0 && (
              <Button type="primary" block onClick={print}>
                {t('打印登录卡')}（{done.result.cards.length}）
              </Button>
            )}
          </Space>
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <div>{t('表格列：年级、班级、姓名、学号，可选家长手机号。年级填一年级至高三（也可填1至12、七年级等）。没有的班级会自动创建；同一学号再次导入只更新姓名和班级，不会重置密码。')}</div>
            <Upload
              accept=".xls,.xlsx"
              maxCount={1}
              fileList={file ? [file] : []}
              beforeUpload={(f) => {
                setFile({ uid: f.uid, name: f.name, originFileObj: f, status: 'done' });
                return false;
              }}
              onRemove={() => setFile(undefined)}
            >
              <Button icon={<UploadOutlined />}>{t('选择 Excel 文件')}</Button>
            </Upload>
            {refused && (
              <Alert
                type="error"
                showIcon
                message={refused.text}
                action={refused.report?.fileUrl ? <Button size="small" onClick={() => void downloadErrorFile(refused.report!)}>{t('下载错误报告')}</Button> : undefined}
              />
            )}
            <Button type="primary" block disabled={!file} loading={busy} onClick={upload}>
              {t('开始上传')}
            </Button>
          </Space>
        )}
      </Modal>
    </>
  );
}

/** 打印登录卡 and each student's 重置密码 of one class. */
export function ClassStudentsModal({ classId, className, onClose }: { classId: string; className: string; onClose: () => void }) {
  const navigate = useNavigate();
  const [students, setStudents] = useState<Array<{ id: string; realname: string; username: string }>>();
  const [shown, setShown] = useState<LoginCard>();
  if (!students) void http.get<{ students: Array<{ id: string; realname: string; username: string }> }>('/students/class/queryById', { id: classId }).then((r) => setStudents(r.students));
  const printAll = async () => {
    const res = await printClassCards(classId);
    if (!res.cards.length) return void message.info(t('本班学生都已修改过初始密码'));
    holdCards([res.grade, res.className].filter(Boolean).join(' '), res.cards.map((c) => ({ ...c, className: res.className, grade: res.grade })));
    navigate(PRINT_CARDS_PATH);
  };
  return (
    <Modal title={`${className} · ${t('学生')}`} open onCancel={onClose} footer={<Button onClick={onClose}>{t('关闭')}</Button>} destroyOnHidden>
      <Popconfirm title={t('为尚未修改初始密码的学生生成新的初始密码并打印登录卡？已打印的旧卡将失效。')} onConfirm={printAll}>
        <Button type="primary" block style={{ marginBottom: 12 }}>
          {t('打印登录卡')}
        </Button>
      </Popconfirm>
      {shown && <Alert type="warning" showIcon closable onClose={() => setShown(undefined)} message={t('“{name}”的新初始密码', { name: shown.realname ?? shown.username })} description={<code data-testid="reset-password">{shown.password}</code>} style={{ marginBottom: 12 }} />}
      <List
        loading={!students}
        dataSource={students ?? []}
        renderItem={(s) => (
          <List.Item
            actions={[
              <Popconfirm key="reset" title={t('重置“{name}”的密码？新密码只显示一次，学生下次登录时须修改。', { name: s.realname })} onConfirm={async () => setShown(await resetStudentPassword(classId, s.id))}>
                <Button size="small">{t('重置密码')}</Button>
              </Popconfirm>,
            ]}
          >
            {s.realname}（{s.username}）
          </List.Item>
        )}
      />
    </Modal>
  );
}
