// The sample media shipped with the server (apps/server/assets/students) as browser File objects.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ASSETS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../../server/assets/students');

export function sampleFile(name: string, type: string): File {
  return new File([readFileSync(resolve(ASSETS, name))], name, { type });
}
