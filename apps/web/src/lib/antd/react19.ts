// antd 5's static notices (notification, message, Modal.confirm) render through React's legacy API,
// which React 19 removed; this installs createRoot-based rendering. Kept apart from the statics so
// the entry chunk carries only this hook, not the notice components.
import { unstableSetRender } from 'antd';
import { createRoot, type Root } from 'react-dom/client';

type Host = Element & { __antdRoot?: Root };

unstableSetRender((node, container) => {
  const host = container as Host;
  host.__antdRoot ??= createRoot(host);
  const root = host.__antdRoot;
  root.render(node);
  return async () => {
    await new Promise((r) => setTimeout(r, 0));
    root.unmount();
    delete host.__antdRoot;
  };
});
