import { defineUrlState } from '../../../lib/urlState';
import { HEALTH_LINK_STATE } from '../../../shell/paths';

/**
 * `run=1` beside `checkId` in the health page's address (`paths.check.getHref(checkId, { run:
 * true })`): the check dialog starts Run Now once when it opens (for users who may run checks),
 * then drops the hint from the address, so a reload or Back does not run it again. The command
 * palette's "Run check now" leads here.
 */
export const RUN_HINT_STATE = defineUrlState({ run: HEALTH_LINK_STATE.fields.run });
