import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { baseApi } from '../../api/baseApi';
import { CenteredSpinner } from './CenteredSpinner';
import { clerkPaths } from './clerkPaths';

/**
 * /organizations/orgs-switched: after the organisation changed, forgets everything loaded for
 * the previous one and starts again from home (the session gate asks who the user is anew).
 */
export function OrganizationsSwitchedPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    dispatch(baseApi.util.resetApiState());
    void navigate(clerkPaths.home.getHref(), { replace: true });
  }, [dispatch, navigate]);
  return <CenteredSpinner label="Switching organization" />;
}
