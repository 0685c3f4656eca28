// 我的孩子: a parent's home in the student area. Each linked child with what is left to do, overdue and
// receipts to sign; a child opens their work. A parent links another child with the teacher's code here.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { FamilyChild } from '@anxue/shared/family';
import { t } from '../../../../lib/i18n';
import { QueryState } from '../components/QueryState';
import { AREA_ROOT } from '../areaMenu';
import { familyApi } from './api';
import '../assignment/assignment.css';
import './family.css';

export function FamilyHome() {
  const q = useQuery({ queryKey: ['family', 'children'], queryFn: familyApi.children });
  return (
    <div className="area-home">
      <section className="area-section" aria-labelledby="family-children">
        <h2 id="family-children" className="area-section-title">
          {t('我的孩子')}
        </h2>
        <QueryState query={q}>
          {(kids) =>
            kids.length === 0 ? (
              <p className="area-muted">{t('还没有关联孩子。学校登记了你的手机号时，用这个手机号登录就会自动关联；也可以输入老师给的关联码。')}</p>
            ) : (
              <ul className="fam-children">
                {kids.map((k) => (
                  <li key={k.id}>
                    <ChildCard child={k} />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </section>
      <LinkByCode />
    </div>
  );
}

function ChildCard({ child }: { child: FamilyChild }) {
  return (
    // named by what it shows (the child's name first), so speech control finds it by the name on screen
    <Link to={`${AREA_ROOT}/family/${child.id}`} className="asg-card fam-child">
      <span className="fam-child-main">
        <span className="asg-title">{child.realname}</span>
        <span className="area-muted asg-meta">{child.classes.join('、') || t('还没有加入班级')}</span>
        <span className="fam-counts">
          {child.todo > 0 && <span className="fam-count">{t('待完成 {n}', { n: child.todo })}</span>}
          {child.overdue > 0 && <span className="fam-count overdue">{t('已逾期 {n}', { n: child.overdue })}</span>}
          {child.receiptsToSign > 0 && <span className="fam-count receipt">{t('待签回执 {n}', { n: child.receiptsToSign })}</span>}
          {!child.todo && !child.overdue && !child.receiptsToSign && <span className="area-muted">{t('没有待完成的作业')}</span>}
        </span>
      </span>
      <RightOutlined aria-hidden className="area-muted" />
    </Link>
  );
}

function LinkByCode() {
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; text: string }>();
  const submit = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const child = await familyApi.link(code);
      setOutcome({ type: 'success', text: t('已关联孩子{name}', { name: child.realname }) });
      setCode('');
      await client.invalidateQueries({ queryKey: ['family'] });
    } catch (err) {
      setOutcome({ type: 'error', text: err instanceof Error ? err.message : t('提交失败') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="area-section asg-card fam-link" aria-labelledby="family-link">
      <h2 id="family-link" className="area-section-title">
        {t('关联孩子')}
      </h2>
      <p className="area-muted">{t('输入老师给的8位关联码（7天内有效，只能用一次）。')}</p>
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label={t('关联码')} htmlFor="family-link-code">
          <Input
            id="family-link-code"
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            maxLength={9}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="fam-code-input"
          />
        </Form.Item>
        <Button type="primary" block htmlType="submit" loading={busy} disabled={code.replace(/[\s-]/g, '').length < 8}>
          {t('关联')}
        </Button>
      </Form>
      {outcome && <Alert style={{ marginTop: 12 }} type={outcome.type} message={outcome.text} showIcon role={outcome.type === 'error' ? 'alert' : 'status'} />}
    </section>
  );
}

/** /students/family: the same as a parent's home. */
export default function FamilyPage() {
  return <FamilyHome />;
}
