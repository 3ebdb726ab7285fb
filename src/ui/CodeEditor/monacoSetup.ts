/**
 * Points @monaco-editor/react at the copy of Monaco bundled from `monaco-editor`, with its web
 * workers built by webpack. The loader's default fetches Monaco from a CDN, which a console on a
 * closed network cannot reach, so this module must run before any editor mounts.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/languages/definitions/yaml/register';
import 'monaco-editor/languages/features/json/register';
import { loader } from '@monaco-editor/react';

interface MonacoEnvironmentHolder {
  MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
}

(self as unknown as MonacoEnvironmentHolder).MonacoEnvironment = {
  getWorker(_workerId, label) {
    if (label === 'json') {
      return new Worker(
        new URL('monaco-editor/languages/features/json/json.worker', import.meta.url),
        { type: 'module' },
      );
    }
    return new Worker(new URL('monaco-editor/editor/editor.worker', import.meta.url), {
      type: 'module',
    });
  },
};

loader.config({ monaco });

export { monaco };
