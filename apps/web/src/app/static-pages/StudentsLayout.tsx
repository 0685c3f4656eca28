// The student area's own layout (features/students/area) inside antd's provider, with the shell's notice
// bell: a reminder reaches a student where they are. Its pages use few antd parts: antd makes their
// styles, and a phone does not wait for the prepared stylesheet of them all.
import StudentLayout from '../../features/students/area/StudentLayout';
import { withAntd } from '../../components/antd/AntdProvider';
import { NoticeBell } from '../../layouts/header/NoticeBell';

const StudentLayoutWithBell = () => <StudentLayout bell={<NoticeBell />} />;

export default withAntd(StudentLayoutWithBell, { preparedSheet: false });
