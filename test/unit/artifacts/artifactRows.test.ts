import type { ArtifactRow, ArtifactSummaryRow } from '../../../src/api/schemas/artifacts';
import {
  ARTIFACT_FILTERS,
  artifactName,
  artifactOwner,
  countOf,
  summaryContentTypes,
  summaryStorage,
} from '../../../src/features/artifacts/model/artifactRows';

const row = (fields: Partial<ArtifactRow>): ArtifactRow => ({ id: 'a-1', ...fields });
const summary = (fields: Partial<ArtifactSummaryRow>): ArtifactSummaryRow => fields;

describe('artifact rows', () => {
  it('name an artifact by its file, else its path, else its id', () => {
    expect(artifactName(row({ filename: 'a.log', path: 'runs/a.log' }))).toBe('a.log');
    expect(artifactName(row({ filename: '', path: 'runs/a.log' }))).toBe('runs/a.log');
    expect(artifactName(row({ filename: null, path: null }))).toBe('a-1');
  });

  it('say what kept an artifact', () => {
    expect(artifactOwner(row({ playbook_run_action_id: 'x' }))).toBe('Playbook run');
    expect(artifactOwner(row({ config_change_id: 'x' }))).toBe('Config change');
    expect(artifactOwner(row({ check_id: 'x' }))).toBe('Health check');
    expect(artifactOwner(row({ scraper_id: 'x' }))).toBe('Scraper');
    expect(artifactOwner(row({ job_history_id: 'x' }))).toBe('Job');
    expect(artifactOwner(row({}))).toBe('');
  });

  it('read counts sent as numbers or text', () => {
    expect(countOf(3)).toBe(3);
    expect(countOf('1048576')).toBe(1048576);
    expect(countOf(null)).toBe(0);
    expect(countOf('many')).toBe(0);
  });

  it('offer the content types of the summary once each, most artifacts first', () => {
    expect(
      summaryContentTypes([
        summary({ content_type: 'text/plain', total_count: 2 }),
        summary({ content_type: 'application/json', total_count: '5' }),
        summary({ content_type: 'text/plain', storage: 'external', total_count: 4 }),
        summary({ content_type: null, total_count: 9 }),
        summary({ content_type: 'image/png', total_count: 5 }),
      ]),
    ).toEqual(['text/plain', 'application/json', 'image/png']);
  });

  it('tell where a summary row keeps its content', () => {
    expect(summaryStorage(summary({ storage: 'inline' }))).toBe('Inline');
    expect(summaryStorage(summary({ storage: 'external' }))).toBe('External');
    expect(
      summaryStorage(
        summary({ storage: 'external', connection_name: 'bucket', connection_type: 's3' }),
      ),
    ).toBe('External: bucket (s3)');
    expect(summaryStorage(summary({ storage: 'external', connection_name: 'bucket' }))).toBe(
      'External: bucket',
    );
  });

  it('keep the content type filter in the address, back to the first page when it changes', () => {
    const params = new URLSearchParams('contentType=%20text/plain%20&pageIndex=3');
    expect(ARTIFACT_FILTERS.read(params)).toEqual({ contentType: 'text/plain' });
    const next = ARTIFACT_FILTERS.write(params, { contentType: 'image/png' });
    expect(next.get('contentType')).toBe('image/png');
    expect(next.has('pageIndex')).toBe(false);
  });
});
