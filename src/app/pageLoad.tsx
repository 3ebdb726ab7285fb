import { Spinner } from '@blueprintjs/core';
import type { ComponentType, LazyExoticComponent } from 'react';
import { Suspense, lazy } from 'react';

/** Shown while a page's code loads. */
export function PageLoading() {
  return (
    <div className="mc-centered-page">
      <Spinner aria-label="Loading page" />
    </div>
  );
}

/** Pages whose code failed to load, each with what loads it again. */
const failedLoads = new Set<() => void>();

/**
 * Lets every page whose code failed to load try again when it is next rendered (the error
 * page's Retry).
 */
export function retryFailedPageLoads(): void {
  const retries = [...failedLoads];
  failedLoads.clear();
  retries.forEach((retry) => retry());
}

/**
 * A page's component, from its chunk. The router keeps what a route's lazy function answered,
 * a failure as well, so a failed load answers a component that throws the failure (the error
 * page shows it) until `retryFailedPageLoads`, and then loads the chunk again when rendered.
 */
export async function loadPage(load: () => Promise<ComponentType>): Promise<ComponentType> {
  try {
    return await load();
  } catch (error) {
    return pageAfterFailedLoad(load, error);
  }
}

function pageAfterFailedLoad(load: () => Promise<ComponentType>, error: unknown): ComponentType {
  let failure = error;
  /** The load tried again; none while the last failure stands. */
  let attempt: LazyExoticComponent<ComponentType> | undefined;
  const retry = () => {
    attempt = lazy(async () => {
      try {
        return { default: await load() };
      } catch (again) {
        failure = again;
        attempt = undefined;
        failedLoads.add(retry);
        throw again;
      }
    });
  };
  failedLoads.add(retry);
  return function PageAfterFailedLoad() {
    if (!attempt) throw failure;
    const Page = attempt;
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    );
  };
}
