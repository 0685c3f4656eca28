// 工作台: greeting, a notepad and quick links. The notepad is the keep-alive demonstration: its
// text survives switching tabs because this page stays mounted (hidden) while another tab shows.
import { useState } from 'react';
import { Card, Col, Input, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { greeting } from '@anxue/shared/constants';
import { useSession } from '../../lib/session/store';
import type { MenuItem } from '../../lib/types';

function leafLinks(menu: MenuItem[]): MenuItem[] {
  return menu.flatMap((m) => (m.children?.length ? leafLinks(m.children) : m.hidden || m.route === '0' ? [] : [m]));
}

export default function WorkplacePage() {
  const realname = useSession((s) => s.realname);
  const menu = useSession((s) => s.permissionList) ?? [];
  const [note, setNote] = useState('');
  return (
    <Row gutter={16}>
      <Col xs={24} lg={16}>
        <Card title={`${greeting()}，${realname}`} style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary">便签的内容在切换页签后仍会保留。</Typography.Paragraph>
          <Input.TextArea aria-label="便签" placeholder="在这里记下待办事项…" rows={6} value={note} onChange={(e) => setNote(e.target.value)} />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title="快捷入口">
          <Row gutter={[8, 8]}>
            {leafLinks(menu).map((m) => (
              <Col span={12} key={m.path}>
                <Link to={m.path}>{m.meta.title}</Link>
              </Col>
            ))}
          </Row>
        </Card>
      </Col>
    </Row>
  );
}
