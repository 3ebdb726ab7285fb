import {
  DEFAULT_WIDTH,
  MIN_WIDTH,
  clampWidth,
  readPanelWidth,
  savePanelWidth,
} from '../../../src/features/assistant/model/panelWidth';
import {
  CONFIG_QUICK_PROMPTS,
  configQuestion,
  diagnoseRunQuestion,
} from '../../../src/features/assistant/model/prompts';
import {
  preparingLabel,
  quickPromptQuestion,
  shownQuestion,
} from '../../../src/features/assistant/model/requests';
import { memoryStorage } from '../../support/memoryStorage';

const CONFIG = {
  id: '018f4b8e-1111-7000-8000-000000000001',
  name: 'checkout-api',
  type: 'Kubernetes::Deployment',
};

describe('the quick prompts’ questions', () => {
  it('asks each quick prompt’s own question', () => {
    expect(quickPromptQuestion('summarise')).toBe('Summarise this config item and its state.');
    expect(quickPromptQuestion('unhealthy')).toBe(
      'Why is this config item unhealthy, and what should be done next?',
    );
    expect(quickPromptQuestion('changes')).toBe(
      'What changed on this config item recently, and could it explain its state?',
    );
    expect(CONFIG_QUICK_PROMPTS.map((prompt) => prompt.label)).toEqual([
      'Summarise',
      'Why is it unhealthy?',
      'What changed?',
    ]);
  });
});

describe('what the panel says while it prepares a question', () => {
  it('names the config item whose context it reads', () => {
    expect(preparingLabel({ kind: 'config', config: CONFIG, promptId: 'changes' })).toBe(
      'Reading the context of checkout-api',
    );
  });

  it('reads the failed actions of a run', () => {
    expect(preparingLabel({ kind: 'run', run: { id: 'r-1', status: 'failed' }, actions: [] })).toBe(
      'Reading the failed actions',
    );
  });
});

describe('a question as shown', () => {
  it('puts a config item’s context apart from the words asked', () => {
    const context = { configs: [{ id: CONFIG.id, name: CONFIG.name }], edges: [] };
    const { content } = configQuestion(quickPromptQuestion('changes'), CONFIG, context);
    const shown = shownQuestion(content);
    expect(shown.text).toBe(
      'What changed on this config item recently, and could it explain its state?\n\n' +
        `Config item: checkout-api (Kubernetes::Deployment, id ${CONFIG.id}).`,
    );
    expect(shown.context?.label).toBe('Context');
    expect(JSON.parse(shown.context?.json ?? '')).toEqual(context);
  });

  it('puts a failed run and its actions apart from the words asked', () => {
    const { content } = diagnoseRunQuestion(
      { id: 'r-1', status: 'failed', playbook: { name: 'restart', title: 'Restart deployment' } },
      [{ name: 'apply', status: 'failed', error: 'exit status 75' }],
    );
    const shown = shownQuestion(content);
    expect(shown.text).toBe(
      'Diagnose why this run of Restart deployment failed and say what to do next.',
    );
    expect(shown.context?.label).toBe('Run and actions');
    const json = JSON.parse(shown.context?.json ?? '') as {
      actions: Array<{ error?: string }>;
    };
    expect(json.actions[0]?.error).toBe('exit status 75');
  });

  it('shows a question typed by the user whole, even with a code block of its own', () => {
    expect(shownQuestion('which deployments are unhealthy?')).toEqual({
      text: 'which deployments are unhealthy?',
    });
    const typed = 'what does this mean?\n```json\n{"a": 1}\n```';
    expect(shownQuestion(typed)).toEqual({ text: typed });
  });
});

describe('the panel’s width', () => {
  it('is at least the minimum', () => {
    expect(clampWidth(100, 1600)).toBe(MIN_WIDTH);
    expect(clampWidth(-40, 1600)).toBe(MIN_WIDTH);
  });

  it('leaves the page a margin of the window, and is whole pixels', () => {
    expect(clampWidth(600.4, 1600)).toBe(600);
    expect(clampWidth(5000, 1600)).toBe(1600 - 64);
    expect(clampWidth(1000, 1024)).toBe(960);
  });

  it('keeps the minimum in a window narrower than it and its margin', () => {
    expect(clampWidth(900, 360)).toBe(MIN_WIDTH);
  });

  it('reads the default until a width is kept, then the kept one', () => {
    const storage = memoryStorage();
    expect(readPanelWidth(storage)).toBe(DEFAULT_WIDTH);
    savePanelWidth(storage, 520);
    expect(storage.getItem('mc.assistant.width')).toBe('520');
    expect(readPanelWidth(storage)).toBe(520);
  });

  it('reads the default for a kept value that is not a width', () => {
    const storage = memoryStorage();
    for (const kept of ['wide', '0', '-10', 'Infinity']) {
      storage.setItem('mc.assistant.width', kept);
      expect(readPanelWidth(storage)).toBe(DEFAULT_WIDTH);
    }
  });
});
