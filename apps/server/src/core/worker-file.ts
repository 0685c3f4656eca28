import { fileURLToPath } from 'node:url';

/**
 * The path of a worker script beside a module. A path, not a URL object: under the web page tests (jsdom)
 * the global URL is jsdom's, which worker_threads does not take for a file URL.
 */
export function workerFile(name: string, moduleUrl: string): string {
  return fileURLToPath(new URL(name, moduleUrl).href);
}
