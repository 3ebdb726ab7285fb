import type { TagDescription } from '@reduxjs/toolkit/query';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import type { TagType } from '../api/baseApi';
import { baseApi } from '../api/baseApi';

type Tags = readonly TagDescription<TagType>[];

/**
 * A callback that invalidates the given cache tags, so every query providing them refetches:
 * the top bar's refresh button of a page (`usePageHeader({ title, onRefresh })`) and anything
 * else that must reload a page's data. It stays the same while the tags are equal.
 */
export function useInvalidateTags(tags: Tags): () => void {
  const dispatch = useDispatch();
  const key = JSON.stringify(tags);
  return useCallback(() => {
    dispatch(baseApi.util.invalidateTags(JSON.parse(key) as TagDescription<TagType>[]));
  }, [dispatch, key]);
}
