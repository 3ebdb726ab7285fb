import { ConfigName } from '../../../widgets/ConfigIcon';
import type { ConfigRef } from './model';

/** A config's icon and name (or id), the name cut short with an ellipsis when too long. */
export function ConfigLabel({ config }: { config: ConfigRef }) {
  return (
    <span title={config.name || config.id}>
      <ConfigName
        name={config.name || config.id}
        type={config.type}
        configClass={config.configClass}
      />
    </span>
  );
}
