// 失败页 (the original's page demo result/fail): the submission was refused, with the reasons to fix.
import { CloseCircleOutlined } from '@ant-design/icons';
import { Button, Card, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { t } from '../../../../lib/i18n';

export default function FailPage() {
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        status="error"
        title={t('提交失败')}
        subTitle={t('请核对并修改以下信息后，再重新提交。')}
        extra={
          <Button type="primary" onClick={() => navigate('/examples/form/basic')}>
            {t('返回修改')}
          </Button>
        }
      >
        <Typography.Paragraph strong>{t('您提交的内容有如下错误：')}</Typography.Paragraph>
        <Typography.Paragraph>
          <CloseCircleOutlined style={{ color: '#ff4d4f' }} /> {t('您的账户已被冻结，请联系管理员解冻。')}
        </Typography.Paragraph>
        <Typography.Paragraph>
          <CloseCircleOutlined style={{ color: '#ff4d4f' }} /> {t('您的账户还不具备申请资格，请先完成安全培训。')}
        </Typography.Paragraph>
      </Result>
    </Card>
  );
}
