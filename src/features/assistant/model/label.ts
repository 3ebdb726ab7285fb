/** The top bar button's name and the panel's (apart: every page's first load carries it). */
export const ASSISTANT_LABEL = 'Assistant';
