import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { configsParameterIds } from '../../../../contracts/playbooks';
import { useGetConfigsByIdsQuery } from '../../../api/endpoints/catalogInsights';
import { paths } from '../../../shell/paths';
import { parameterText } from './model/runs';
import './runParameterValue.css';

export interface RunParameterValueProps {
  /** The value the run was sent. */
  value: unknown;
  /** The parameter's type in the playbook's spec (`text` when unknown). */
  type: string | undefined;
}

/**
 * A run's parameter as the summary shows it: the configs a `configs` parameter names as links
 * to them, by name (their ids until the names are read, or when a config is gone); anything
 * else as text.
 */
export function RunParameterValue({ value, type }: RunParameterValueProps) {
  const text = parameterText(value);
  const ids = type === 'configs' ? configsParameterIds(text) : undefined;
  if (ids === undefined || ids.length === 0) return <>{text}</>;
  return <ConfigLinks ids={ids} />;
}

function ConfigLinks({ ids }: { ids: string[] }) {
  const sorted = useMemo(() => [...ids].sort(), [ids]);
  const { currentData } = useGetConfigsByIdsQuery(sorted.length > 0 ? sorted : skipToken);
  const names = new Map((currentData ?? []).map((config) => [config.id, config.name ?? '']));
  return (
    <ul className="mc-run-parameter-configs">
      {ids.map((id) => (
        <li key={id}>
          <Link to={paths.catalogItem.getHref(id)}>{names.get(id) || id}</Link>
        </li>
      ))}
    </ul>
  );
}
