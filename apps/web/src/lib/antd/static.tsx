// antd's static notices, usable outside components. Import from here (not from 'antd') so the
// React 19 rendering hook is installed first, and so they take the page's theme: a static dialog
// renders in its own root, outside the screen's ConfigProvider, and would otherwise show antd's
// default light theme in dark mode and the default blue whatever colour was chosen.
import { ConfigProvider } from 'antd';
import './react19';
import { AntdTheme } from './AntdTheme';

ConfigProvider.config({ holderRender: (node) => <AntdTheme>{node}</AntdTheme> });

export { Modal, message, notification } from 'antd';
