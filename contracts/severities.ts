/**
 * The severities of config changes and insights, from most to least severe: a `severity: x`
 * filter means x or worse. The demo backend ranks them by this order.
 */
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];
