import { Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { ACCESS_CHECK_DIALOG_LABELS as LABELS } from '../model/accessCheck';

/** A rule behind an access decision, as the access review and search report it. */
export interface AccessRuleShape {
  source: string;
  effect: 'allow' | 'deny';
  description: string;
  permission?: { name?: string | null; namespace?: string | null; action: string } | null;
  role?: string | null;
}

/**
 * One rule behind a decision: its effect, where it comes from (and the permission's name and
 * action, or the role), what it says, and a link (e.g. to the permission row) when given.
 */
export function AccessRuleItem({
  rule,
  link,
}: {
  rule: AccessRuleShape;
  link?: { href: string; text: string } | undefined;
}) {
  const name = rule.permission
    ? [rule.permission.namespace, rule.permission.name].filter(Boolean).join('/')
    : rule.role;
  return (
    <li className="mc-access-rule">
      <Tag minimal intent={rule.effect === 'allow' ? 'success' : 'danger'}>
        {rule.effect === 'allow' ? LABELS.allows : LABELS.denies}
      </Tag>{' '}
      <strong>{LABELS.sources[rule.source] ?? rule.source}</strong>
      {name ? (
        <>
          {' '}
          <code>{name}</code>
        </>
      ) : null}
      {rule.permission ? (
        <>
          {' '}
          <code>{rule.permission.action}</code>
        </>
      ) : null}
      : {rule.description}
      {link ? (
        <>
          {' '}
          <Link to={link.href}>{link.text}</Link>
        </>
      ) : null}
    </li>
  );
}
