import { screen, waitFor, within } from '@testing-library/react';
import { useGetIncidentQuery } from '../../../src/api/endpoints/incidents';
import { toErrorMessage } from '../../../src/api/errors';
import { HypothesisTree } from '../../../src/features/incidents/hypotheses/HypothesisTree';
import { renderApp } from '../../support/renderApp';
import { DEFAULT_USER } from '../../support/shellHandlers';
import type { HypothesesBackend, HypothesesBackendOptions } from './hypothesesBackend';
import {
  ANALYSIS_ID,
  CHANGE_ID,
  CHECK_ID,
  COMPONENT_ID,
  CONFIG_ID,
  EVIDENCE_IDS,
  FACTOR_B_ID,
  INCIDENT_ID,
  LOG_LINES,
  ROOT_ID,
  SOLUTION_ID,
  hypothesesBackend,
} from './hypothesesBackend';
import { expectAttribute } from '../../support/expectations';

const SLOW = { timeout: 10_000 };

const NAMES = {
  root: 'Root cause: Connection pool exhausted',
  factorA: 'Factor: Traffic spike after the release',
  factorB: 'Factor: Pool size too small',
  solution: 'Solution: Raise the pool size',
  orphan: 'Factor: Stale DNS entries',
};

/** The tree as the incident page shows it: fed by INC-02 and following its reloads. */
function TreeOnPage({ canEdit }: { canEdit: boolean }) {
  const { data, error } = useGetIncidentQuery(INCIDENT_ID);
  if (error) return <p role="alert">{toErrorMessage(error)}</p>;
  if (!data) return <p>Loading incident</p>;
  return <HypothesisTree incident={data} canEdit={canEdit} />;
}

let backend: HypothesesBackend;

async function renderTree({
  canEdit = true,
  ...options
}: { canEdit?: boolean } & HypothesesBackendOptions = {}) {
  backend = hypothesesBackend(options);
  const rendered = renderApp(<TreeOnPage canEdit={canEdit} />, {
    url: `/incidents/${INCIDENT_ID}`,
    userOptions: { delay: null },
  });
  await screen.findByRole('heading', { name: 'Hypotheses' }, SLOW);
  return rendered;
}

const ui = {
  hypothesis: (name: string) => screen.getByRole('region', { name }),
  findHypothesis: (name: string) => screen.findByRole('region', { name }, SLOW),
  /** The names of the hypotheses directly in a list, in order. */
  namesIn: (list: HTMLElement) =>
    Array.from(list.children).map((item) =>
      item.querySelector('section')?.getAttribute('aria-label'),
    ),
  topLevel: () => screen.getByRole('list', { name: 'Hypotheses' }),
  childrenOf: (name: string) => screen.getByRole('list', { name: `Under ${name}` }),
  /** The section's own header (not its children's). */
  own: (name: string) =>
    ui.hypothesis(name).querySelector<HTMLElement>('.mc-hypothesis-header') as HTMLElement,
  scale: (name: string) => screen.getByRole('radiogroup', { name: `Status of ${name}` }),
  evidence: (name: string | RegExp) => screen.getByRole('listitem', { name }),
  confirm: (name: string) => screen.findByRole('alertdialog', { name }),
};

/** Types the title of a new hypothesis of `kind` ("factor", "root cause") and presses Enter. */
async function typeTitle(
  user: Awaited<ReturnType<typeof renderTree>>['user'],
  kind: string,
  title: string,
) {
  await user.type(
    screen.getByRole('textbox', { name: `Title of the new ${kind}` }),
    `${title}{Enter}`,
  );
}

/** The row a new possible hypothesis is posted as, by the signed-in person. */
const newHypothesis = (type: string, title: string, parentId?: string) => ({
  incident_id: INCIDENT_ID,
  type,
  title,
  status: 'possible',
  ...(parentId ? { parent_id: parentId } : {}),
  created_by: DEFAULT_USER.id,
});

const writes = (method: string, table: string) =>
  backend.log.filter((entry) => entry.method === method && entry.url.includes(`/api/db/${table}`));

describe('hypotheses tree', () => {
  it('nests factors under the root and solutions under factors, oldest first, orphans at the top', async () => {
    await renderTree();
    expect(ui.namesIn(ui.topLevel())).toEqual([NAMES.root, NAMES.orphan]);
    expect(ui.namesIn(ui.childrenOf(NAMES.root))).toEqual([NAMES.factorB, NAMES.factorA]);
    expect(ui.namesIn(ui.childrenOf(NAMES.factorA))).toEqual([NAMES.solution]);
    expect(screen.queryByRole('list', { name: `Under ${NAMES.solution}` })).toBeNull();
    // Each node says what it is.
    expect(within(ui.own(NAMES.root)).getByText('Root cause')).toBeInTheDocument();
    expect(within(ui.own(NAMES.solution)).getByText('Solution')).toBeInTheDocument();
    // The chain: a root adds factors, a factor solutions, a solution nothing.
    expect(within(ui.own(NAMES.root)).getByRole('button', { name: 'Add factor' })).toBeVisible();
    expect(
      within(ui.own(NAMES.factorA)).getByRole('button', { name: 'Add solution' }),
    ).toBeVisible();
    expect(within(ui.own(NAMES.solution)).queryByRole('button', { name: /^Add/ })).toBeNull();
  });

  it('folds a hypothesis with its toggle, by mouse and by keyboard', async () => {
    const { user } = await renderTree();
    const toggle = within(ui.own(NAMES.root)).getByRole('button', {
      name: `Collapse ${NAMES.root}`,
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName(`Expand ${NAMES.root}`);
    expect(screen.queryByRole('region', { name: NAMES.factorA })).toBeNull();
    expect(ui.namesIn(ui.topLevel())).toEqual([NAMES.root, NAMES.orphan]);

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(ui.hypothesis(NAMES.factorA)).toBeVisible();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  describe('adding', () => {
    it('adds a factor under the root and a solution under a factor', async () => {
      const { user } = await renderTree();
      await user.click(within(ui.own(NAMES.root)).getByRole('button', { name: 'Add factor' }));
      await typeTitle(user, 'factor', '  Retry storm  ');
      const factor = await ui.findHypothesis('Factor: Retry storm');
      expect(backend.hypotheses.writes[0]).toMatchObject({
        method: 'POST',
        body: newHypothesis('factor', 'Retry storm', ROOT_ID),
      });
      expect(ui.namesIn(ui.childrenOf(NAMES.root))).toEqual([
        NAMES.factorB,
        NAMES.factorA,
        'Factor: Retry storm',
      ]);
      expect(screen.queryByRole('textbox', { name: 'Title of the new factor' })).toBeNull();

      await user.click(within(ui.own(NAMES.factorB)).getByRole('button', { name: 'Add solution' }));
      await typeTitle(user, 'solution', 'Double the pool');
      await ui.findHypothesis('Solution: Double the pool');
      expect(backend.hypotheses.writes[1]!.body).toEqual(
        newHypothesis('solution', 'Double the pool', FACTOR_B_ID),
      );
      expect(ui.namesIn(ui.childrenOf(NAMES.factorB))).toEqual(['Solution: Double the pool']);
      expect(factor).toBeInTheDocument();
    });

    it('refuses an empty title and cancels with Escape', async () => {
      const { user } = await renderTree();
      await user.click(within(ui.own(NAMES.root)).getByRole('button', { name: 'Add factor' }));
      const input = screen.getByRole('textbox', { name: 'Title of the new factor' });
      await user.type(input, '   {Enter}');
      expect((await screen.findByText('Enter a title')).closest('[role="alert"]')).not.toBeNull();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      await user.click(screen.getByRole('button', { name: 'Add' }));
      await user.type(input, 'Half typed{Escape}');
      expect(screen.queryByRole('textbox', { name: 'Title of the new factor' })).toBeNull();
      expect(backend.hypotheses.writes).toEqual([]);
    });

    it('adds the root cause of an incident that has none', async () => {
      const { user } = await renderTree({ hypotheses: [] });
      expect(screen.getByText('No hypotheses yet')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Add root cause' }));
      await typeTitle(user, 'root cause', 'Expired certificate');
      await ui.findHypothesis('Root cause: Expired certificate');
      expect(backend.hypotheses.writes[0]!.body).toEqual(
        newHypothesis('root', 'Expired certificate'),
      );
      expect(screen.queryByRole('button', { name: 'Add root cause' })).toBeNull();
    });

    it("keeps the title and shows the server's reason when the add fails", async () => {
      const { user } = await renderTree();
      backend.hypotheses.fail('POST', 403, { message: 'permission denied for table hypotheses' });
      await user.click(within(ui.own(NAMES.factorA)).getByRole('button', { name: 'Add solution' }));
      const input = screen.getByRole('textbox', { name: 'Title of the new solution' });
      await user.type(input, 'Cache the lookups{Enter}');
      const refused = await screen.findByText('permission denied for table hypotheses', {
        exact: false,
      });
      expect(refused.closest('[role="alert"]')).not.toBeNull();
      expect(input).toHaveValue('Cache the lookups');
      expect(screen.queryByRole('region', { name: 'Solution: Cache the lookups' })).toBeNull();
    });
  });

  describe('editing', () => {
    it('renames a hypothesis in place with Enter, and Escape puts the title back', async () => {
      const { user } = await renderTree();
      await user.click(within(ui.own(NAMES.factorB)).getByText('Pool size too small'));
      const input = within(ui.own(NAMES.factorB)).getByRole('textbox', { name: 'Title' });
      await user.clear(input);
      await user.type(input, 'Pool capped at 50{Enter}');
      await ui.findHypothesis('Factor: Pool capped at 50');
      expect(backend.hypotheses.writes).toEqual([
        expect.objectContaining({
          method: 'PATCH',
          filters: { id: `eq.${FACTOR_B_ID}` },
          body: { title: 'Pool capped at 50' },
        }),
      ]);

      await user.click(within(ui.own(NAMES.root)).getByText('Connection pool exhausted'));
      const rootInput = within(ui.own(NAMES.root)).getByRole('textbox', { name: 'Title' });
      await user.clear(rootInput);
      await user.type(rootInput, 'Something else{Escape}');
      expect(within(ui.own(NAMES.root)).queryByRole('textbox')).toBeNull();
      expect(within(ui.own(NAMES.root)).getByText('Connection pool exhausted')).toBeVisible();
      expect(backend.hypotheses.writes).toHaveLength(1);
    });

    it('moves a hypothesis along the status scale by click and by arrow key', async () => {
      const { user } = await renderTree();
      const scale = ui.scale(NAMES.root);
      const step = (name: string) => within(scale).getByRole('radio', { name });
      expect(
        within(scale)
          .getAllByRole('radio')
          .map((radio) => radio.textContent),
      ).toEqual(['Proven', 'Likely', 'Possible', 'Unlikely', 'Improbable', 'Disproven']);
      expect(step('Likely')).toHaveAttribute('aria-checked', 'true');
      expect(step('Proven')).toHaveAttribute('aria-checked', 'false');

      await user.click(step('Proven'));
      expect(step('Proven')).toHaveAttribute('aria-checked', 'true');
      expect(step('Likely')).toHaveAttribute('aria-checked', 'false');
      await waitFor(() =>
        expect(backend.hypotheses.writes[0]).toMatchObject({
          method: 'PATCH',
          filters: { id: `eq.${ROOT_ID}` },
          body: { status: 'proven' },
        }),
      );
      await waitFor(() => expect(backend.hypotheses.rows[0]!.status).toBe('proven'));

      expect(step('Proven')).toHaveFocus();
      await user.keyboard('{ArrowRight}');
      expect(step('Likely')).toHaveFocus();
      await waitFor(() => expect(backend.hypotheses.writes).toHaveLength(2));
      expect(backend.hypotheses.writes[1]!.body).toEqual({ status: 'likely' });
      expect(step('Likely')).toHaveAttribute('aria-checked', 'true');
    });

    it('puts the saved status back when the change is refused', async () => {
      const { user } = await renderTree();
      backend.hypotheses.fail('PATCH', 403, { message: 'not allowed to rate hypotheses' });
      const scale = ui.scale(NAMES.factorA);
      await user.click(within(scale).getByRole('radio', { name: 'Disproven' }));
      expect(await screen.findByText('not allowed to rate hypotheses', {}, SLOW)).toBeVisible();
      expectAttribute(scale, 'radio', 'aria-checked', { Possible: 'true', Disproven: 'false' });
    });
  });

  describe('deleting', () => {
    it('asks first, then deletes the comments, the evidence and the hypothesis in that order', async () => {
      const { user } = await renderTree();
      await user.click(
        within(ui.own(NAMES.solution)).getByRole('button', { name: `Delete ${NAMES.solution}` }),
      );
      const dialog = await ui.confirm('Delete hypothesis');
      expect(dialog).toHaveTextContent(
        'Delete this hypothesis? Its evidence and comments are deleted with it.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Hypothesis deleted')).toBeVisible();
      await waitFor(() =>
        expect(screen.queryByRole('region', { name: NAMES.solution })).toBeNull(),
      );
      expect(backend.log.filter((entry) => entry.method === 'DELETE')).toEqual([
        { method: 'DELETE', url: `/api/db/comments?hypothesis_id=eq.${SOLUTION_ID}` },
        { method: 'DELETE', url: `/api/db/evidences?hypothesis_id=eq.${SOLUTION_ID}` },
        { method: 'DELETE', url: `/api/db/hypotheses?id=eq.${SOLUTION_ID}` },
      ]);
      expect(backend.hypotheses.rows.map((row) => row.id)).not.toContain(SOLUTION_ID);
      // The factor has no children left, so it may go too.
      expect(
        within(ui.own(NAMES.factorA)).getByRole('button', { name: `Delete ${NAMES.factorA}` }),
      ).not.toHaveAttribute('aria-disabled');
    });

    it('reports a failure in the middle and reloads the tree', async () => {
      const { user } = await renderTree();
      const solution = ui.hypothesis(NAMES.solution);
      expect(within(solution).getByText('Try 200 first')).toBeVisible();
      const reads = backend.incidents.reads.length;
      backend.evidences.fail('DELETE', 500, { message: 'permission denied for table evidences' });
      await user.click(
        within(ui.own(NAMES.solution)).getByRole('button', { name: `Delete ${NAMES.solution}` }),
      );
      const dialog = await ui.confirm('Delete hypothesis');
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(
        await screen.findByText(
          "Could not delete the hypothesis's evidences: permission denied for table evidences",
        ),
      ).toBeVisible();
      // INC-02 asked again: the comments went, the evidence and the hypothesis stayed.
      await waitFor(() => expect(backend.incidents.reads.length).toBe(reads + 1));
      await waitFor(() => expect(within(solution).queryByText('Try 200 first')).toBeNull());
      expect(
        within(solution).getByRole('listitem', { name: 'Config: pool-settings' }),
      ).toBeVisible();
      expect(writes('DELETE', 'hypotheses')).toEqual([]);
      // The question stays open to try again.
      expect(screen.getByRole('alertdialog', { name: 'Delete hypothesis' })).toBeVisible();
    });

    it('cannot delete a hypothesis that has factors or solutions', async () => {
      const { user } = await renderTree();
      const button = within(ui.own(NAMES.root)).getByRole('button', {
        name: `Delete ${NAMES.root}`,
      });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      await user.hover(button);
      expect(await screen.findByText('Delete its factors or solutions first')).toBeVisible();
      await user.click(button);
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
  });

  describe('evidence', () => {
    it('shows each type of evidence with its link', async () => {
      const { user } = await renderTree();
      const root = ui.hypothesis(NAMES.root);
      const list = within(root).getAllByRole('list', { name: 'Evidence' })[0]!;
      const items = within(list).getAllByRole('listitem');
      expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
        'Health check: checkout-api health',
        'Config: checkout-api',
        'Change: diff: replicas 3 → 1',
        'Insight: memory-limits: No memory limit set',
        'Component: payments-db',
        `Log: 10:00 ${LOG_LINES[0]}`,
        'Comment: Seen the same on Friday',
        'script: Ran the pool diagnostics script',
      ]);
      const link = (item: number) => within(items[item]!).getByRole('link');

      // check: its status dot and the check's dialog on the health page
      expect(within(items[0]!).getByRole('img', { name: 'unhealthy' })).toBeVisible();
      expect(link(0)).toHaveTextContent('checkout-api health');
      expect(link(0)).toHaveAttribute('href', `/health?checkId=${CHECK_ID}&timeRange=1h`);
      expect(within(items[0]!).getByText('Status history of the check')).toBeVisible();
      // config: the item
      expect(link(1)).toHaveTextContent('checkout-api');
      expect(link(1)).toHaveAttribute('href', `/catalog/${CONFIG_ID}`);
      // change: the change dialog of the changes page
      expect(link(2)).toHaveTextContent('diff replicas 3 → 1');
      expect(link(2)).toHaveAttribute(
        'href',
        `/catalog/changes?changeId=${CHANGE_ID}&changeConfigId=${CONFIG_ID}`,
      );
      // insight: the item's insight
      expect(link(3)).toHaveTextContent('memory-limits No memory limit set');
      expect(link(3)).toHaveAttribute(
        'href',
        `/catalog/${CONFIG_ID}/insights?insightId=${ANALYSIS_ID}`,
      );
      // component: the topology
      expect(link(4)).toHaveTextContent('payments-db');
      expect(link(4)).toHaveAttribute('href', `/topology/${COMPONENT_ID}`);
      // log: five lines, then the rest on demand
      const log = within(items[5]!).getByLabelText('Log lines');
      expect(log.textContent!.split('\n')).toEqual(
        LOG_LINES.slice(0, 5).map((line, i) => `10:0${i} ${line}`),
      );
      expect(within(items[5]!).getByText('Application logs')).toBeVisible();
      const more = within(items[5]!).getByRole('button', { name: 'Show more (2 more lines)' });
      await user.click(more);
      expect(log.textContent!.split('\n')).toHaveLength(7);
      expect(log).toHaveTextContent('circuit breaker half-open');
      expect(more).toHaveAccessibleName('Show less');
      expect(more).toHaveAttribute('aria-expanded', 'true');
      // comment and unknown types: their text, no link
      expect(within(items[6]!).getByText('Seen the same on Friday')).toBeVisible();
      expect(within(items[7]!).getByText('Ran the pool diagnostics script')).toBeVisible();
      expect(within(items[6]!).queryByRole('link')).toBeNull();
      expect(within(items[7]!).queryByRole('link')).toBeNull();
    });

    it('marks evidence as a definition of done, then as done', async () => {
      const { user } = await renderTree();
      const item = ui.evidence('Config: checkout-api');
      const definition = within(item).getByRole('checkbox', { name: 'Definition of done' });
      const done = within(item).getByRole('checkbox', { name: 'Done' });
      expect(definition).not.toBeChecked();
      expect(done).toBeDisabled();

      await user.click(definition);
      expect(definition).toBeChecked();
      expect(done).toBeEnabled();
      await waitFor(() =>
        expect(backend.evidences.writes[0]).toMatchObject({
          method: 'PATCH',
          filters: { id: `eq.${EVIDENCE_IDS.config}` },
          body: { definition_of_done: true },
        }),
      );
      await user.click(done);
      expect(done).toBeChecked();
      await waitFor(() => expect(backend.evidences.writes).toHaveLength(2));
      expect(backend.evidences.writes[1]).toMatchObject({
        filters: { id: `eq.${EVIDENCE_IDS.config}` },
        body: { done: true },
      });
      // The reloaded incident agrees.
      await waitFor(() => expect(backend.evidences.rows[1]).toMatchObject({ done: true }));
      expect(
        within(ui.evidence('Config: checkout-api')).getByRole('checkbox', { name: 'Done' }),
      ).toBeChecked();
    });

    it('removes evidence after a confirmation', async () => {
      const { user } = await renderTree();
      await user.click(
        within(ui.evidence('Health check: checkout-api health')).getByRole('button', {
          name: 'Remove Health check: checkout-api health',
        }),
      );
      const dialog = await ui.confirm('Remove evidence');
      expect(dialog).toHaveTextContent('Remove this evidence from the hypothesis?');
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('Evidence removed')).toBeVisible();
      await waitFor(() =>
        expect(
          screen.queryByRole('listitem', { name: 'Health check: checkout-api health' }),
        ).toBeNull(),
      );
      expect(writes('DELETE', 'evidences')).toEqual([
        { method: 'DELETE', url: `/api/db/evidences?id=eq.${EVIDENCE_IDS.check}` },
      ]);
    });
  });

  describe('comments', () => {
    const rootComments = () =>
      within(ui.hypothesis(NAMES.root)).getAllByRole('list', { name: 'Comments' })[0]!;

    it('lists the comments oldest first with their authors', async () => {
      await renderTree();
      const items = within(rootComments()).getAllByRole('listitem');
      expect(items).toHaveLength(2);
      expect(items[0]).toHaveTextContent('pagerduty-bot');
      expect(items[0]).toHaveTextContent('Paged from the alert');
      expect(items[1]).toHaveTextContent('Bob Responder');
      expect(items[1]).toHaveTextContent('Pool metrics confirm it');
      expect(within(items[1]!).getByText('BR')).toBeInTheDocument();
    });

    it('shows a comment at once, then as the server saved it', async () => {
      const { user } = await renderTree();
      const held = backend.holdComment();
      const box = within(ui.hypothesis(NAMES.root)).getAllByRole('textbox', {
        name: 'New comment',
      })[0]!;
      await user.type(box, 'Rolling back the release');
      await user.keyboard('{Control>}{Enter}{/Control}');

      const pending = await within(rootComments()).findByText('Rolling back the release');
      const item = pending.closest('li')!;
      expect(item).toHaveTextContent('Sending…');
      expect(item).toHaveTextContent('Ada Admin');
      expect(item).toHaveAttribute('aria-busy', 'true');
      expect(box).toHaveValue('');
      await waitFor(() =>
        expect(held.body()).toEqual({
          created_by: DEFAULT_USER.id,
          incident_id: INCIDENT_ID,
          hypothesis_id: ROOT_ID,
          comment: 'Rolling back the release',
        }),
      );

      held.release();
      await waitFor(() => expect(within(rootComments()).queryByText('Sending…')).toBeNull());
      const saved = within(rootComments()).getByText('Rolling back the release').closest('li')!;
      expect(saved).toHaveAttribute('aria-busy', 'false');
      expect(saved).toHaveTextContent('Ada Admin');
      expect(saved).toHaveTextContent('just now');
      expect(within(rootComments()).getAllByRole('listitem')).toHaveLength(3);
    });

    it('takes a refused comment out again and puts its text back in the box', async () => {
      const { user } = await renderTree();
      const held = backend.holdComment();
      const box = within(ui.hypothesis(NAMES.root)).getAllByRole('textbox', {
        name: 'New comment',
      })[0]!;
      await user.type(box, 'This will not stick');
      await user.click(
        within(ui.hypothesis(NAMES.root)).getAllByRole('button', { name: 'Comment' })[0]!,
      );
      expect(await within(rootComments()).findByText('This will not stick')).toBeVisible();

      held.fail(403, 'permission denied for table comments');
      expect(await screen.findByText('permission denied for table comments')).toBeVisible();
      await waitFor(() =>
        expect(within(rootComments()).queryByText('This will not stick')).toBeNull(),
      );
      expect(box).toHaveValue('This will not stick');
      expect(within(rootComments()).getAllByRole('listitem')).toHaveLength(2);
    });
  });

  it('is read-only without write on the incident', async () => {
    const { user } = await renderTree({ canEdit: false });
    expect(screen.queryByRole('button', { name: /^Add / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    for (const radio of within(ui.scale(NAMES.root)).getAllByRole('radio')) {
      expect(radio).toBeDisabled();
    }
    expect(within(ui.scale(NAMES.root)).getByRole('radio', { name: 'Likely' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    for (const box of within(ui.evidence('Config: checkout-api')).getAllByRole('checkbox')) {
      expect(box).toBeDisabled();
    }
    await user.click(within(ui.own(NAMES.root)).getByText('Connection pool exhausted'));
    expect(screen.queryByRole('textbox')).toBeNull();
    // Still readable: evidence and comments show.
    expect(screen.getByText('Pool metrics confirm it')).toBeVisible();
    expect(backend.log.filter((entry) => entry.method !== 'GET')).toEqual([]);
  });
});
