// 成功页 (the original's page demo result/success): the submission went through; the project's details and
// where its approval stands.
import { Button, Card, Descriptions, Result, Steps } from 'antd';
import { useNavigate } from 'react-router';
import { t } from '../../../../lib/i18n';

export default function SuccessPage() {
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        status="success"
        title={t('提交成功')}
        subTitle={t('提交结果页用于反馈一系列操作任务的处理结果，如果仅是简单操作，使用 Message 全局提示反馈即可。')}
        extra={[
          <Button key="back" type="primary" onClick={() => navigate('/examples/list/standard')}>
            {t('返回列表')}
          </Button>,
          <Button key="again" onClick={() => navigate('/examples/form/basic')}>
            {t('再提交一份')}
          </Button>,
        ]}
      >
        <Descriptions title={t('项目信息')} column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('项目 ID')}>23421</Descriptions.Item>
          <Descriptions.Item label={t('负责人')}>{t('曲丽丽')}</Descriptions.Item>
          <Descriptions.Item label={t('生效时间')}>2026-10-01 ~ 2026-12-31</Descriptions.Item>
        </Descriptions>
        <Steps
          current={1}
          progressDot
          items={[
            { title: t('创建项目'), description: `${t('曲丽丽')} 2026-10-01 12:32` },
            { title: t('部门初审'), description: t('{name} 审核中', { name: t('周毛毛') }) },
            { title: t('财务复核') },
            { title: t('完成') },
          ]}
        />
      </Result>
    </Card>
  );
}
