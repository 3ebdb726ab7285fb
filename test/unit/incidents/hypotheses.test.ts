import type { Comment, Evidence, Hypothesis } from '../../../src/api/schemas/incidents';
import {
  PENDING_COMMENT_PREFIX,
  commentAuthor,
  isPendingComment,
  restoredDraft,
  sortComments,
} from '../../../src/features/incidents/hypotheses/model/comments';
import {
  checkStatusOf,
  clipLines,
  evidenceName,
  evidenceTypeLabel,
  evidenceView,
  logLinesOf,
  showsDescription,
} from '../../../src/features/incidents/hypotheses/model/evidenceView';
import { paths } from '../../../src/shell/paths';
import type { HypothesisTreeNode } from '../../../src/features/incidents/hypotheses/model/hypothesisTree';
import {
  buildHypothesisTree,
  canDeleteHypothesis,
  countHypotheses,
} from '../../../src/features/incidents/hypotheses/model/hypothesisTree';
import {
  scaleIndexOf,
  stepOnScale,
} from '../../../src/features/incidents/hypotheses/model/statusScale';
import { expectAnswers } from '../../support/answers';

const at = (minute: number) => `2024-05-01T10:${String(minute).padStart(2, '0')}:00Z`;

const h = (
  id: string,
  parent: string | null,
  minute: number | null,
  type = 'factor',
): Hypothesis => ({
  id,
  parent_id: parent,
  type,
  title: id,
  created_at: minute === null ? null : at(minute),
});

/** The tree as nested ids: `['root', [['f1', []]]]`. */
type Shape = [string, Shape[]];
const shape = (nodes: HypothesisTreeNode[]): Shape[] =>
  nodes.map((node) => [node.hypothesis.id, shape(node.children)]);

describe('buildHypothesisTree', () => {
  it('nests factors under roots and solutions under factors, siblings oldest first', () => {
    const tree = buildHypothesisTree([
      h('s1', 'f2', 4, 'solution'),
      h('f2', 'root', 3),
      h('root', null, 0, 'root'),
      h('f1', 'root', 1),
      h('s2', 'f2', 2, 'solution'),
    ]);
    expect(shape(tree)).toEqual([
      [
        'root',
        [
          ['f1', []],
          [
            'f2',
            [
              ['s2', []],
              ['s1', []],
            ],
          ],
        ],
      ],
    ]);
    expect(countHypotheses(tree)).toBe(5);
  });

  it('shows orphans at the top level after the roots instead of losing them', () => {
    const tree = buildHypothesisTree([
      h('orphan', 'gone', 0),
      h('root', null, 5, 'root'),
      h('child-of-orphan', 'orphan', 6, 'solution'),
    ]);
    expect(shape(tree)).toEqual([
      ['root', []],
      ['orphan', [['child-of-orphan', []]]],
    ]);
  });

  it('keeps the server order for equal or missing times, missing ones last', () => {
    const tree = buildHypothesisTree([h('b', null, null), h('a', null, 1), h('c', null, 1)]);
    expect(shape(tree).map(([id]) => id)).toEqual(['a', 'c', 'b']);
  });

  it('places every row of a parent cycle once', () => {
    const tree = buildHypothesisTree([h('x', 'y', 0), h('y', 'x', 1), h('self', 'self', 2)]);
    expect(countHypotheses(tree)).toBe(3);
    expect(shape(tree)).toEqual([
      ['self', []],
      ['x', [['y', []]]],
    ]);
  });

  it('gives an empty tree for no hypotheses', () => {
    expect(buildHypothesisTree(undefined)).toEqual([]);
    expect(buildHypothesisTree(null)).toEqual([]);
  });

  it('allows deleting only hypotheses without children', () => {
    const [root] = buildHypothesisTree([h('root', null, 0, 'root'), h('f', 'root', 1)]);
    expect(canDeleteHypothesis(root!)).toBe(false);
    expect(canDeleteHypothesis(root!.children[0]!)).toBe(true);
  });
});

const ev = (fields: Partial<Evidence> & { type: string }): Evidence => ({
  id: 'e1',
  evidence: undefined,
  ...fields,
});

describe('evidenceView', () => {
  it('reads a check from the stored JSON and links to its dialog on the health page', () => {
    expect(
      evidenceView(
        ev({ type: 'check', check_id: 'c1', evidence: { name: 'api', status: 'healthy' } }),
      ),
    ).toEqual({
      kind: 'check',
      name: 'api',
      status: 'healthy',
      href: '/health?checkId=c1&timeRange=1h',
    });
    // No JSON: the description names it, and its status is unknown.
    expect(
      evidenceView(ev({ type: 'check', check_id: 'c1', description: 'The API check' })),
    ).toEqual({
      kind: 'check',
      name: 'The API check',
      status: 'unknown',
      href: '/health?checkId=c1&timeRange=1h',
    });
  });

  it('reads check statuses as words or booleans', () => {
    expectAnswers(checkStatusOf, [
      [{ status: true }, 'healthy'],
      [{ status: false }, 'unhealthy'],
      [{ last_result: { status: false } }, 'unhealthy'],
      [{ check: { status: 'warning' } }, 'warning'],
      [{}, 'unknown'],
    ]);
  });

  it('links a config to its item, with its type for the icon', () => {
    expect(
      evidenceView(
        ev({
          type: 'config',
          config_id: 'cfg',
          evidence: { config: { name: 'orders', type: 'Kubernetes::Pod' } },
        }),
      ),
    ).toEqual({
      kind: 'config',
      name: 'orders',
      configType: 'Kubernetes::Pod',
      href: '/catalog/cfg',
    });
  });

  it("opens a change in the changes page's dialog, else links to its item", () => {
    expect(
      evidenceView(
        ev({
          type: 'config_change',
          config_id: 'cfg',
          config_change_id: 'ch',
          evidence: { change_type: 'diff', summary: 'image bumped' },
        }),
      ),
    ).toEqual({
      kind: 'config_change',
      changeType: 'diff',
      summary: 'image bumped',
      href: '/catalog/changes?changeId=ch&changeConfigId=cfg',
    });
    expect(
      evidenceView(ev({ type: 'config_change', config_id: 'cfg', description: 'A change' })),
    ).toEqual({
      kind: 'config_change',
      changeType: 'Change',
      summary: 'A change',
      href: '/catalog/cfg',
    });
    expect(evidenceView(ev({ type: 'config_change', config_change_id: 'ch' }))).toMatchObject({
      href: undefined,
    });
    expect(paths.catalogChange.getHref('a b', 'c&d')).toBe(
      '/catalog/changes?changeId=a+b&changeConfigId=c%26d',
    );
  });

  it("links an insight to the item's insight, else to the item", () => {
    expect(
      evidenceView(
        ev({
          type: 'config_analysis',
          config_id: 'cfg',
          config_analysis_id: 'an',
          evidence: { analyzer: 'trivy', message: 'CVE found' },
        }),
      ),
    ).toEqual({
      kind: 'config_analysis',
      analyzer: 'trivy',
      message: 'CVE found',
      href: '/catalog/cfg/insights?insightId=an',
    });
    expect(evidenceView(ev({ type: 'config_analysis', config_id: 'cfg' }))).toMatchObject({
      href: '/catalog/cfg',
    });
  });

  it('links a component to the topology', () => {
    expect(
      evidenceView(ev({ type: 'topology', component_id: 'comp', evidence: { name: 'db' } })),
    ).toEqual({ kind: 'topology', name: 'db', href: '/topology/comp' });
  });

  it('shows comments and unknown types as text', () => {
    expect(evidenceView(ev({ type: 'comment', evidence: { comment: 'hi' } }))).toEqual({
      kind: 'comment',
      text: 'hi',
    });
    expect(evidenceView(ev({ type: 'comment', description: 'from the description' }))).toEqual({
      kind: 'comment',
      text: 'from the description',
    });
    expect(evidenceView(ev({ type: 'script', description: 'ran it' }))).toEqual({
      kind: 'other',
      text: 'ran it',
    });
  });

  it('labels types, with unknown ones as sent', () => {
    expect(evidenceTypeLabel('config_analysis')).toBe('Insight');
    expect(evidenceTypeLabel('script')).toBe('script');
    expect(evidenceTypeLabel(undefined)).toBe('Evidence');
  });

  it('shows a description only when the view does not already show it', () => {
    const view = evidenceView(ev({ type: 'topology', description: 'db' }));
    expect(showsDescription(view, 'db')).toBe(true);
    expect(showsDescription(view, 'another')).toBe(false);
    expect(evidenceName(view)).toBe('db');
  });
});

describe('log excerpts', () => {
  it('reads lines as strings, entries, a map of line numbers, or text', () => {
    expect(logLinesOf({ lines: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(logLinesOf({ lines: [{ timestamp: 't1', message: 'm1' }, { line: 'm2' }] })).toEqual([
      't1 m1',
      'm2',
    ]);
    expect(logLinesOf({ lines: { '10': 'ten', '9': 'nine' } })).toEqual(['9  nine', '10  ten']);
    expect(logLinesOf({ text: 'one\ntwo' })).toEqual(['one', 'two']);
    expect(logLinesOf({}, 'from the description')).toEqual(['from the description']);
    expect(logLinesOf({})).toEqual([]);
    expect(evidenceView(ev({ type: 'log', evidence: { lines: ['x'] } }))).toEqual({
      kind: 'log',
      lines: ['x'],
    });
  });

  it('clips to the first lines and counts the rest', () => {
    expect(clipLines(['1', '2', '3'], 2)).toEqual({ shown: ['1', '2'], hidden: 1 });
    expect(clipLines(['1'], 5)).toEqual({ shown: ['1'], hidden: 0 });
  });
});

const comment = (id: string, minute: number, fields: Partial<Comment> = {}): Comment => ({
  id,
  responder_id: null,
  comment: id,
  created_at: at(minute),
  ...fields,
});

describe('comments', () => {
  it('sorts oldest first with pending comments last', () => {
    const sorted = sortComments([
      comment(`${PENDING_COMMENT_PREFIX}1`, 0),
      comment('late', 9),
      comment('early', 1),
    ]);
    expect(sorted.map((c) => c.id)).toEqual(['early', 'late', `${PENDING_COMMENT_PREFIX}1`]);
    expect(sortComments(undefined)).toEqual([]);
  });

  it('knows a pending comment by its id', () => {
    expect(isPendingComment({ id: 'pending:123' })).toBe(true);
    expect(isPendingComment({ id: '7c00-pending' })).toBe(false);
  });

  it('names the author: the person, else the outside author, else Unknown', () => {
    expect(
      commentAuthor(comment('a', 0, { created_by: { id: 'p', name: 'Ada', avatar: '/a.png' } })),
    ).toEqual({ name: 'Ada', avatar: '/a.png' });
    expect(
      commentAuthor(comment('b', 0, { created_by: null, external_created_by: 'bot' })),
    ).toEqual({ name: 'bot' });
    expect(commentAuthor(comment('c', 0, { created_by: 'p' }))).toEqual({ name: 'Unknown' });
  });

  it('puts a failed comment back before anything typed since', () => {
    expect(restoredDraft('sent', '')).toBe('sent');
    expect(restoredDraft('sent', 'new')).toBe('sent\nnew');
  });
});

describe('status scale', () => {
  it('places statuses from proven to disproven', () => {
    expect(scaleIndexOf('proven')).toBe(0);
    expect(scaleIndexOf('disproven')).toBe(5);
    expect(scaleIndexOf('maybe')).toBe(-1);
  });

  it('moves with arrows (wrapping), Home and End', () => {
    expect(stepOnScale(1, 'ArrowRight')).toBe(2);
    expect(stepOnScale(5, 'ArrowDown')).toBe(0);
    expect(stepOnScale(0, 'ArrowLeft')).toBe(5);
    expect(stepOnScale(3, 'ArrowUp')).toBe(2);
    expect(stepOnScale(-1, 'ArrowRight')).toBe(0);
    expect(stepOnScale(-1, 'ArrowLeft')).toBe(5);
    expect(stepOnScale(3, 'Home')).toBe(0);
    expect(stepOnScale(0, 'End')).toBe(5);
    expect(stepOnScale(2, 'Enter')).toBeUndefined();
  });
});
