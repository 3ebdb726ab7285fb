/**
 * Files the browser downloads itself (opened in a new window, not fetched by RTK Query).
 * They keep the `/api` prefix in every mode (api.md §1.2, note 29).
 */

/** MISC-02: a kubeconfig with a new access token for the backend's Kubernetes proxy. */
export const KUBECONFIG_DOWNLOAD_URL = '/api/kubeconfig';
