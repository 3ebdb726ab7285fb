import type { Page } from 'playwright-core';
import { TOOL_DENIED } from '../../machines/assistant/chat';
import type { ScriptedProvider } from '../support/llmProvider';
import { startScriptedProvider } from '../support/llmProvider';
import { browserPerFile } from './support/perTest';
import { readDb, sendJson } from './support/readDb';
import { baseUrl } from './support/server';
import { ADMIN, signIn } from './support/signIn';

jest.setTimeout(180_000);

const origin = baseUrl();
const CONNECTION_NAME = 'e2e-scripted-model';

interface Row {
  id: string;
  name: string;
}

/** The newest playbook run's id, to tell that none was started. */
async function newestRunId(page: Page): Promise<string | undefined> {
  const rows = await readDb<Row[]>(page, 'playbook_runs?select=id&order=created_at.desc&limit=1');
  return rows[0]?.id;
}

/** Adds the LLM connection through the console's connection form (OpenAI, a literal key). */
async function connectModel(page: Page, provider: ScriptedProvider): Promise<void> {
  await signIn(page, ADMIN, { path: '/settings/connections?id=new&type=openai' });
  const form = page.getByRole('dialog', { name: 'Add OpenAI Connection' });
  await form.getByRole('textbox', { name: /^Name\b/ }).fill(CONNECTION_NAME);
  await form.getByRole('textbox', { name: /^URL/ }).fill(provider.url);
  await form.getByRole('textbox', { name: /^API Key( \(required\))?$/ }).fill('e2e-key');
  await form.getByRole('textbox', { name: /^Model/ }).fill('scripted-gpt');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Connection created successfully').waitFor();
}

/** Soft-deletes the connection, so the files after this one see the console without a model. */
async function disconnectModel(page: Page): Promise<void> {
  const rows = await readDb<Row[]>(
    page,
    `connections?select=id,name&name=eq.${CONNECTION_NAME}&deleted_at=is.null`,
  );
  for (const row of rows) {
    await sendJson(page, 'PATCH', `/api/db/connections?id=eq.${row.id}`, {
      deleted_at: new Date().toISOString(),
    });
  }
}

describe('the assistant', () => {
  const browsers = browserPerFile();
  let provider: ScriptedProvider;

  beforeAll(async () => {
    provider = await startScriptedProvider('openai');
  });

  afterAll(async () => {
    await provider.close();
  });

  it('answers with a catalog search the user allowed, and does not run a playbook the user denied', async () => {
    const page = await browsers.context.newPage();
    try {
      await connectModel(page, provider);
      const unhealthy = await readDb<Row[]>(
        page,
        'config_items?select=id,name&type=eq.Kubernetes::Deployment&health=eq.unhealthy' +
          '&deleted_at=is.null&order=name&limit=101',
      );
      // The search below asks for up to 100: every one is in its answer.
      expect(unhealthy.length).toBeGreaterThanOrEqual(2);
      expect(unhealthy.length).toBeLessThanOrEqual(100);
      const [first, second] = unhealthy as [Row, Row];
      const playbooks = await readDb<Row[]>(
        page,
        'playbooks?select=id,name&name=eq.restart-deployment&deleted_at=is.null',
      );
      const restart = playbooks[0];
      if (!restart) throw new Error('the seed has no restart-deployment playbook');

      provider.script(
        {
          kind: 'answer',
          toolCalls: [
            {
              id: 'call-search',
              name: 'search_catalog',
              arguments: {
                query: 'type=Kubernetes::Deployment health=unhealthy',
                kind: 'config',
                limit: 100,
              },
            },
          ],
        },
        {
          kind: 'answer',
          text: ['Two of them: ', `${first.id} (${first.name}) and `, `${second.id}.`],
        },
      );

      // The top bar offers the assistant once the connection exists.
      await page.goto(`${origin}/catalog`);
      await page.getByRole('button', { name: 'Assistant', exact: true }).click();
      const panel = page.getByRole('complementary', { name: 'Assistant' });
      await panel.getByText('scripted-gpt').waitFor();
      await panel
        .getByRole('textbox', { name: 'Message' })
        .fill('which deployments are unhealthy?');
      await panel.getByRole('button', { name: 'Send' }).click();

      const approval = panel.getByRole('group', { name: 'Tool call to approve' });
      await approval.getByText('Run search_catalog?').waitFor();
      await approval.getByRole('button', { name: 'Allow', exact: true }).click();

      const link = panel.getByRole('link', { name: first.id });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`/catalog/${first.id}`);
      expect(await panel.getByRole('link', { name: second.id }).getAttribute('href')).toBe(
        `/catalog/${second.id}`,
      );
      await panel.getByLabel('Tool call search_catalog').getByText('Ran').waitFor();

      // What the model was told: the tool's answer, read through MCP as the user.
      const toolMessage = (provider.requests[1]?.body.messages as Array<Record<string, unknown>>)
        .filter((message) => message.role === 'tool')
        .pop();
      expect(String(toolMessage?.content)).toContain(first.id);
      expect(String(toolMessage?.content)).toContain(second.id);

      // A playbook run, denied: nothing runs, and the model hears that the user denied it.
      const before = await newestRunId(page);
      provider.script(
        {
          kind: 'answer',
          text: ['I can restart it.'],
          toolCalls: [
            {
              id: 'call-run',
              name: 'run_playbook',
              arguments: { playbook_id: restart.id, resource_id: first.id, kind: 'config' },
            },
          ],
        },
        { kind: 'answer', text: ['Understood, I did not restart it.'] },
      );
      await panel.getByRole('textbox', { name: 'Message' }).fill(`restart ${first.name}`);
      await panel.getByRole('button', { name: 'Send' }).click();
      await approval.getByText('Run run_playbook?').waitFor();
      await approval.getByRole('button', { name: 'Deny' }).click();
      await panel.getByText('Understood, I did not restart it.').waitFor();
      await panel.getByLabel('Tool call run_playbook').getByText('Denied').waitFor();
      expect(await newestRunId(page)).toBe(before);
      const denied = (provider.requests[3]?.body.messages as Array<Record<string, unknown>>)
        .filter((message) => message.role === 'tool')
        .pop();
      expect(String(denied?.content)).toBe(TOOL_DENIED);

      // The link opens the item.
      await link.click();
      await page.waitForURL((url) => url.pathname === `/catalog/${first.id}`);

      // Send to AI on the item: a new conversation asks the quick prompt with the item's context.
      provider.script({ kind: 'answer', text: ['Its pods fail their readiness probe.'] });
      await page.getByRole('button', { name: 'Send to AI' }).click();
      await page.getByRole('menuitem', { name: 'Why is it unhealthy?' }).click();
      await panel.getByText('Its pods fail their readiness probe.').waitFor();
      await panel.getByText('Context', { exact: true }).waitFor();
      const asked = (provider.requests[4]?.body.messages as Array<Record<string, unknown>>)
        .filter((message) => message.role === 'user')
        .pop();
      expect(String(asked?.content)).toContain('Why is this config item unhealthy');
      expect(String(asked?.content)).toContain(`"id": "${first.id}"`);
      expect(String(asked?.content)).toContain('"configs"');

      // Diagnose failure on a failed run: its actions' errors go with the question.
      const failed = await readDb<Row[]>(
        page,
        'playbook_runs?select=id&status=eq.failed&order=created_at.desc&limit=1',
      );
      const failedRun = failed[0];
      if (!failedRun) throw new Error('the seed has no failed playbook run');
      provider.script({ kind: 'answer', text: ['The action timed out.'] });
      await page.goto(`${origin}/playbooks/runs/${failedRun.id}`);
      await page.getByRole('button', { name: 'Diagnose failure' }).click();
      await page
        .getByRole('complementary', { name: 'Assistant' })
        .getByText('The action timed out.')
        .waitFor();
      const diagnosed = (provider.requests[5]?.body.messages as Array<Record<string, unknown>>)
        .filter((message) => message.role === 'user')
        .pop();
      expect(String(diagnosed?.content)).toContain('Diagnose why this run of');
      expect(String(diagnosed?.content)).toContain(`"id": "${failedRun.id}"`);
      expect(String(diagnosed?.content)).toContain('"status": "failed"');
    } finally {
      await disconnectModel(page);
      await page.close();
    }
  });
});
