import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './rootReducer';

/** `useDispatch` typed for the console's store (thunks and RTK Query included). */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();

/** `useSelector` typed with the console's `RootState`. */
export const useAppSelector = useSelector.withTypes<RootState>();
