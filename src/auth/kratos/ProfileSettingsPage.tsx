import './kratos.css';
import { Card, H3 } from '@blueprintjs/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasGroup } from '../../../machines/auth/flowValues';
import { FlowForm } from './FlowForm';
import { FlowMessages } from './FlowMessages';
import { FlowStatus } from './FlowStatus';
import { flowInput } from './flowInput';
import { useSelfServiceFlow } from './useSelfServiceFlow';

export interface SettingsSection {
  /** The node group the section's form submits. */
  group: string;
  title: string;
  description?: string;
}

/** The sections of the settings page, in order (spec 000 §2.2). */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { group: 'profile', title: 'Profile Settings' },
  { group: 'password', title: 'Change Password' },
  { group: 'oidc', title: 'Manage Social Sign In' },
  {
    group: 'lookup_secret',
    title: 'Manage 2FA Backup Recovery Codes',
    description:
      'Recovery codes can be used in panic situations where you have lost access to your 2FA device.',
  },
  { group: 'totp', title: 'Manage 2FA TOTP Authenticator App' },
  { group: 'webauthn', title: 'Manage Hardware Tokens and Biometrics' },
];

function sectionId(group: string): string {
  return `kratos-settings-${group}`;
}

/**
 * `/profile-settings` (spec 000 §2.2): one section per group the flow has nodes of, each its
 * own form; the flow's messages once at the top, cleared after 10 seconds.
 */
export function ProfileSettingsPage() {
  const [query] = useSearchParams();
  const [input] = useState(() => flowInput('settings', query));
  const view = useSelfServiceFlow(input);
  const { flow } = view;

  if (!flow || (view.phase !== 'ready' && view.phase !== 'submitting')) {
    return (
      <div className="kratos-settings">
        <FlowStatus view={view} />
      </div>
    );
  }

  const nodes = flow.ui.nodes;
  return (
    <div className="kratos-settings">
      <FlowMessages messages={flow.ui.messages} notice={view.notice} />
      {SETTINGS_SECTIONS.filter((section) => hasGroup(nodes, section.group)).map((section) => (
        <Card key={section.group}>
          <section aria-labelledby={sectionId(section.group)}>
            <H3 id={sectionId(section.group)}>{section.title}</H3>
            {section.description && <p>{section.description}</p>}
            <FlowForm
              label={section.title}
              nodes={nodes}
              groups={[section.group]}
              values={view.values}
              disabled={view.phase === 'submitting'}
              onValueChange={view.change}
              onSubmit={view.submit}
            />
          </section>
        </Card>
      ))}
    </div>
  );
}
