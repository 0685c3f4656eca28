import { ExceptionResult } from './ExceptionResult';

export default function Exception500Page() {
  return <ExceptionResult status={500} />;
}
