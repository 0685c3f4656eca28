// An area page's failed load: the server's message and a retry (QueryState loads it on a failure only).
import { Button } from 'antd';
import { OutcomeView } from './ui/OutcomeView';
import { t } from '../../../../lib/i18n';

export default function LoadFailed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <OutcomeView
      status="error"
      title={t('加载失败')}
      subtitle={message}
      actions={
        <Button type="primary" onClick={retry}>
          {t('重试')}
        </Button>
      }
    />
  );
}
