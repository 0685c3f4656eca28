import { ExceptionResult } from './ExceptionResult';

export default function Exception403Page() {
  return <ExceptionResult status={403} />;
}
