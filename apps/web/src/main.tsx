import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<div>loading</div>);
