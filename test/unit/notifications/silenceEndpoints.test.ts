import {
  createSilenceRequest,
  deleteSilenceRequest,
  silencePreviewRequest,
  silenceRequest,
  silenceWindowsRequest,
  silencesRequest,
  updateSilenceRequest,
} from '../../../src/api/endpoints/notificationSilences';
import { patchById, queryPairs as pairs, softDeleteById } from '../support/requests';

const ID = '018f4b8e-7777-7000-8000-0000000000c1';
const SELECT =
  'select=*%2Cchecks%3Acheck_id%28id%2Cname%2Ctype%2Cstatus%29%2Ccatalog%3Aconfig_id%28id%2Cname%2Ctype%2Cconfig_class%29' +
  '%2Ccomponent%3Acomponent_id%28id%2Cname%2Cicon%29%2CcreatedBy%3Acreated_by%28id%2Cname%2Cavatar%2Cemail%29';

/** The query of a request's URL, decoded, as ordered pairs. */

describe('silence requests follow api.md §13', () => {
  it('NOTIF-09 sends the exact select, order, page, deleted filter and the trailing &', () => {
    const request = silencesRequest({ pageIndex: 2, pageSize: 25 });
    expect(request.url).toBe(
      `/api/db/notification_silences?${SELECT}&order=created_at.desc&limit=25&offset=50&deleted_at=is.null&`,
    );
    expect(request.prefer).toBe('count=exact');
  });

  it('NOTIF-09 sends the user sort as a second order parameter, after the default one', () => {
    const request = silencesRequest({
      pageIndex: 0,
      pageSize: 50,
      sortBy: 'until',
      sortOrder: 'desc',
    });
    expect(request.url.endsWith('&deleted_at=is.null&order=until.desc')).toBe(true);
    expect(pairs(request.url).filter(([key]) => key === 'order')).toEqual([
      ['order', 'created_at.desc'],
      ['order', 'until.desc'],
    ]);
  });

  it('NOTIF-10 reads one silence with the count asked for', () => {
    expect(silenceRequest(ID)).toEqual({
      url: `/api/db/notification_silences?select=*&order=created_at.desc&id=eq.${ID}`,
      prefer: 'count=exact',
    });
  });

  it('NOTIF-11 posts the body with selectors as an array', () => {
    const body = {
      name: 'quiet web',
      from: '2026-01-01T00:00:00.000Z',
      until: null,
      selectors: [{ name: 'web-*' }],
    };
    const request = createSilenceRequest(body);
    expect(request).toEqual({ url: '/api/notification/silence', method: 'POST', body });
    expect(Array.isArray((request.body as { selectors: unknown }).selectors)).toBe(true);
  });

  it('NOTIF-12 patches by id with the body as given', () => {
    const body = {
      id: ID,
      name: 'n',
      filter: null,
      updated_at: 'now()' as const,
      source: 'UI',
      canary_id: null,
      check_id: null,
      component_id: null,
      config_id: ID,
      from: '2026-01-01T00:00:00.000Z',
      until: null,
      description: null,
      recursive: false,
      namespace: '',
    };
    expect(updateSilenceRequest(body)).toEqual(patchById('notification_silences', ID, body));
  });

  it('NOTIF-13 is a soft delete', () => {
    expect(deleteSilenceRequest(ID)).toEqual(softDeleteById('notification_silences', ID));
  });

  describe('NOTIF-14', () => {
    it('sends a resource id with its type, and recursive=true only when recursive', () => {
      expect(pairs(silencePreviewRequest({ id: ID, type: 'config' }).url)).toEqual([
        ['id', ID],
        ['type', 'config'],
      ]);
      expect(
        pairs(silencePreviewRequest({ id: ID, type: 'component', recursive: true }).url),
      ).toEqual([
        ['id', ID],
        ['type', 'component'],
        ['recursive', 'true'],
      ]);
    });

    it('sends a filter encoded by URLSearchParams', () => {
      const request = silencePreviewRequest({ filter: 'config.type == "A B"' });
      expect(request.url).toBe(
        '/api/notification/silence_preview?filter=config.type+%3D%3D+%22A+B%22',
      );
    });

    it('sends selectors as JSON', () => {
      const selectors = [{ name: 'web-*', types: ['Kubernetes::Pod'] }];
      const request = silencePreviewRequest({ selectors });
      expect(pairs(request.url)).toEqual([['selectors', JSON.stringify(selectors)]]);
    });

    it('sends a recurrence, the limit and the order after the target', () => {
      const request = silencePreviewRequest({
        filter: 'true',
        schedule: '0 22 * * 1-5',
        duration: '2h',
        timezone: 'Europe/Paris',
        limit: 100,
        sort: 'asc',
      });
      expect(pairs(request.url)).toEqual([
        ['filter', 'true'],
        ['schedule', '0 22 * * 1-5'],
        ['duration', '2h'],
        ['timezone', 'Europe/Paris'],
        ['limit', '100'],
        ['sort', 'asc'],
      ]);
      // A schedule without its duration is no recurrence.
      expect(pairs(silencePreviewRequest({ filter: 'true', schedule: '0 22 * * *' }).url)).toEqual([
        ['filter', 'true'],
      ]);
    });
  });

  it('the windows of a recurrence: the preview query on silence_windows', () => {
    const request = silenceWindowsRequest({ schedule: '0 0 * * *', duration: '1h' });
    expect(request.url).toBe('/api/notification/silence_windows?schedule=0+0+*+*+*&duration=1h');
    expect(
      pairs(
        silenceWindowsRequest({
          id: ID,
          type: 'config',
          schedule: '0 22 * * 1-5',
          duration: '2h',
          timezone: 'UTC',
        }).url,
      ),
    ).toEqual([
      ['id', ID],
      ['type', 'config'],
      ['schedule', '0 22 * * 1-5'],
      ['duration', '2h'],
      ['timezone', 'UTC'],
    ]);
  });
});
