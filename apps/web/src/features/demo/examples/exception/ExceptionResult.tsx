// The 403 and 500 example pages (404 is the app's own NotFoundPage): the status, what it means and a way
// back to the home page.
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@anxue/shared/constants';
import { t } from '../../../../lib/i18n';

const TEXT = {
  403: '抱歉，您无权访问此页面。',
  500: '抱歉，服务器出错了。',
} as const;

export function ExceptionResult({ status }: { status: keyof typeof TEXT }) {
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={String(status)}
      subTitle={t(TEXT[status])}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('返回首页')}
        </Button>
      }
    />
  );
}
