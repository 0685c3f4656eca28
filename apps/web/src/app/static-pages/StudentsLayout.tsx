// The student area's own layout (features/students/area) inside antd's provider.
import StudentLayout from '../../features/students/area/StudentLayout';
import { withAntd } from '../../components/antd/AntdProvider';

export default withAntd(StudentLayout);
