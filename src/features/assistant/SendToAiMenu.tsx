import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import type { SendToAiProps } from '../../widgets/slots/slotTypes';
import { CONFIG_QUICK_PROMPTS } from './model/prompts';
import type { AssistantRequest } from './model/requests';

export interface SendToAiMenuProps extends SendToAiProps {
  ask: (request: AssistantRequest) => void;
}

/** The "Send to AI" button and its menu of quick prompts. */
export default function SendToAiMenu({ config, ask }: SendToAiMenuProps) {
  return (
    <Popover
      placement="bottom-end"
      content={
        <Menu aria-label="Send to AI">
          {CONFIG_QUICK_PROMPTS.map((prompt) => (
            <MenuItem
              key={prompt.id}
              text={prompt.label}
              onClick={() => ask({ kind: 'config', config, promptId: prompt.id })}
            />
          ))}
        </Menu>
      }
    >
      <Button icon="chat" text="Send to AI" endIcon="caret-down" />
    </Popover>
  );
}
