// 加入课堂 on a student's home: the way to the join page when the teacher starts a live quiz.
import { Link } from 'react-router';
import { ThunderboltOutlined } from '@ant-design/icons';
import { t } from '../../../../lib/i18n';
import { AREA_ROOT } from '../areaMenu';
import './live.css';

export function LiveEntry() {
  return (
    <Link to={`${AREA_ROOT}/live/join`} className="live-entry">
      <ThunderboltOutlined aria-hidden /> {t('加入课堂')}
    </Link>
  );
}
