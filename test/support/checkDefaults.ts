/** What a made-up health check is unless a test says otherwise: a healthy HTTP check of `web`. */
export const CHECK_DEFAULTS = {
  canary_id: 'canary-1',
  canary_name: 'web',
  namespace: 'default',
  type: 'http',
  status: 'healthy' as const,
  labels: {} as Record<string, string>,
  uptime: { passed: 10, failed: 0 },
};
