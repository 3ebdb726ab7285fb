import { HEALTH_STATE } from '../../../src/features/health/model/urlState';
import { RUN_HINT_STATE } from '../../../src/features/health/detail/runHint';
import { RESOURCE_HISTORY_STATE } from '../../../src/features/notifications/history/model/historyParams';
import { RUNS_FILTERS } from '../../../src/features/playbooks/runs/model/runs';
import { RECORD_DIALOG_STATE } from '../../../src/lib/dialogState';
import type { UrlFields, UrlStateSpec } from '../../../src/lib/urlState';
import {
  CONNECTION_DIALOG_STATE,
  CREATE_INCIDENT_DIALOG,
  FLOWS_STATE,
  INSIGHT_DIALOG_STATE,
  PLAYBOOK_FORM_STATE,
  paths,
} from '../../../src/shell/paths';

/** The path of `href`, and its query as `spec` reads it. */
function readBy<F extends UrlFields>(spec: UrlStateSpec<F>, href: string) {
  const [path = '', query = ''] = href.split('?');
  return { path, state: spec.read(new URLSearchParams(query)) };
}

describe('links that carry page state', () => {
  it('a link to a check is read by the health page as the check open over its range', () => {
    const link = readBy(HEALTH_STATE, paths.check.getHref('c 1/x'));
    expect(link.path).toBe('/health');
    expect(link.state.checkId).toBe('c 1/x');
    expect(link.state.timeRange).toBe('1h');
    const run = paths.check.getHref('c&1', { run: true });
    expect(readBy(HEALTH_STATE, run).state.checkId).toBe('c&1');
    expect(readBy(RUN_HINT_STATE, run).state.run).toBe('1');
    expect(readBy(RUN_HINT_STATE, paths.check.getHref('c')).state.run).toBeUndefined();
    expect(readBy(HEALTH_STATE, paths.health.getHref({ timeRange: '3d' })).state).toMatchObject({
      checkId: undefined,
      timeRange: '3d',
    });
  });

  it('opens a record dialog as the page reads it, and no query without a record', () => {
    const pages = [
      [paths.notificationRules, '/notifications/rules'],
      [paths.notificationSilences, '/notifications/silences'],
      [paths.settingsAgents, '/settings/agents'],
      [paths.settingsLogBackends, '/settings/log-backends'],
    ] as const;
    for (const [page, path] of pages) {
      expect(readBy(RECORD_DIALOG_STATE, page.getHref('a b&c'))).toEqual({
        path,
        state: { id: 'a b&c', new: undefined },
      });
      expect(page.getHref()).toBe(path);
    }
    expect(readBy(CONNECTION_DIALOG_STATE, paths.settingsConnections.getHref('new')).state).toEqual(
      { id: 'new', type: undefined },
    );
    expect(readBy(PLAYBOOK_FORM_STATE, paths.playbookForm.getHref('pb 1')).state.id).toBe('pb 1');
  });

  it('writes the other pages’ state with their own specs', () => {
    expect(readBy(RESOURCE_HISTORY_STATE, paths.notificationResource.getHref('r', 's=1'))).toEqual({
      path: '/notifications/resource/r',
      state: { status: {}, suppressed: false, send: 's=1' },
    });
    expect(paths.notificationResource.getHref('r 1')).toBe('/notifications/resource/r%201');
    expect(readBy(RUNS_FILTERS, paths.playbookRuns.getHref('p?1')).state.playbook).toBe('p?1');
    expect(paths.playbookRuns.getHref()).toBe('/playbooks/runs');
    expect(
      readBy(INSIGHT_DIALOG_STATE, paths.catalogItemInsight.getHref('c', 'i#1')).state,
    ).toEqual({ insightId: 'i#1' });
    expect(readBy(FLOWS_STATE, paths.settingsFlows.getHref('health')).state.machine).toBe('health');
    expect(readBy(CREATE_INCIDENT_DIALOG, paths.incidents.getHref({ create: true })).state).toEqual(
      { open: '1' },
    );
    expect(paths.incidents.getHref()).toBe('/incidents');
    expect(paths.login.getHref('/health?checkId=1')).toBe(
      '/login?return_to=%2Fhealth%3FcheckId%3D1',
    );
    expect(paths.error.getHref('BAD_SESSION')).toBe('/error?error_code=BAD_SESSION');
    expect(paths.error.getHref()).toBe('/error');
  });
});
