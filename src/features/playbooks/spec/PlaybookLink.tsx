import { Navigate, useParams } from 'react-router-dom';
import { paths } from '../../../shell/paths';
import { playbookEditHref } from './model/dialogParams';

/** `/playbooks/:id` (spec 002 §2.1 "Playbook link"): the playbook's form on `/playbooks`. */
export function PlaybookLink() {
  const { id = '' } = useParams();
  return <Navigate replace to={id ? playbookEditHref(id) : paths.playbooks.getHref()} />;
}
