// 磁盘监控: the filesystems holding the data folder and the root, used share as a gauge each.
import { Card, Col, Empty, Row } from 'antd';
import { gaugeOption, MiniChart } from './MiniChart';
import { bytes, useDiskInfo } from './monitorApi';
import { t } from '../../../lib/i18n';

export default function DiskInfoPage() {
  const { data: disks, isLoading } = useDiskInfo();
  return (
    <Card variant="borderless" title={t('磁盘监控')} loading={isLoading}>
      {disks && disks.length === 0 && <Empty description={t('没有可读取的磁盘')} />}
      <Row gutter={[16, 16]}>
        {(disks ?? []).map((d) => (
          <Col key={d.name} xs={24} md={12} lg={8}>
            <Card size="small" title={d.name}>
              <MiniChart label={t('{name} 已用', { name: d.name })} option={gaugeOption(t('已用'), d.restPPT)} height={220} />
              <div style={{ textAlign: 'center' }}>{t('可用 {n} / 共 {n2}', { n: bytes(d.rest), n2: bytes(d.max) })}</div>
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
