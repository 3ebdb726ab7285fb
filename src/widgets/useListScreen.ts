import type { TagDescription } from '@reduxjs/toolkit/query';
import type { TagType } from '../api/baseApi';
import { usePageHeader } from '../ui/pageHeader';
import { useInvalidateTags } from './useInvalidateTags';
import type { ListPage, ListPageOptions } from './useListPage';
import { useListPage } from './useListPage';

export interface ListScreenOptions extends ListPageOptions {
  /** The page's title in the top bar. */
  title: string;
  /** The cache tags the top bar's Refresh invalidates (those the list's query provides). */
  refreshTags: readonly TagDescription<TagType>[];
}

/**
 * A list page's frame: its title and Refresh in the top bar (Refresh invalidates
 * `refreshTags`), and its page, size and sort in the address (`useListPage`).
 */
export function useListScreen({ title, refreshTags, ...options }: ListScreenOptions): ListPage {
  usePageHeader({ title, onRefresh: useInvalidateTags(refreshTags) });
  return useListPage(options);
}
