// antd's static notices, usable outside components. Import from here (not from 'antd') so the
// React 19 rendering hook is installed first.
import './antdReact19';

export { Modal, message, notification } from 'antd';
