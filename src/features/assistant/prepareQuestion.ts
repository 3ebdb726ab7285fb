import { assistantApi } from '../../api/endpoints/assistant';
import { playbooksApi } from '../../api/endpoints/playbooks';
import type { AppDispatch } from '../../shell/rootReducer';
import { configQuestion, diagnoseRunQuestion } from './model/prompts';
import type { AssistantRequest } from './model/requests';
import { quickPromptQuestion } from './model/requests';
import type { RunActionSubject } from './model/prompts';

/**
 * The question a page asked, ready to send: a config item's quick prompt with the item's context
 * (`GET /api/llm/context/config/{id}`, read as the user), or a failed run with its actions, the
 * failed ones read one by one (PB-13) for the error the run's action list does not carry.
 * Rejects with the failed read's error.
 */
export async function prepareQuestion(
  request: AssistantRequest,
  dispatch: AppDispatch,
): Promise<string> {
  if (request.kind === 'config') {
    const context = await dispatch(
      assistantApi.endpoints.getConfigContext.initiate(request.config.id, { subscribe: false }),
    ).unwrap();
    return configQuestion(quickPromptQuestion(request.promptId), request.config, context).content;
  }
  const actions: RunActionSubject[] = await Promise.all(
    request.actions.map(async (action) => {
      if (action.status !== 'failed' || !action.id || action.error) return action;
      const detail = await dispatch(
        playbooksApi.endpoints.getPlaybookRunAction.initiate(action.id, { subscribe: false }),
      ).unwrap();
      return detail
        ? { ...action, error: detail.error, result: detail.result ?? action.result }
        : action;
    }),
  );
  return diagnoseRunQuestion(request.run, actions).content;
}
