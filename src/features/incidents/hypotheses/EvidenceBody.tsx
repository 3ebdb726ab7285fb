import { Button, Icon } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { StatusDot } from '../../../ui/StatusDot';
import { ConfigName } from '../../../widgets/ConfigIcon';
import type { EvidenceView } from './model/evidenceView';
import { clipLines } from './model/evidenceView';

/** The text, as a link when there is somewhere to go. */
function MaybeLink({ href, children }: { href?: string; children: ReactNode }) {
  return href ? (
    <Link to={href} className="mc-evidence-link">
      {children}
    </Link>
  ) : (
    <span className="mc-evidence-link">{children}</span>
  );
}

/** A log excerpt in monospace, its first lines until "Show more". */
function LogExcerpt({ lines }: { lines: string[] }) {
  const [open, setOpen] = useState(false);
  const { shown, hidden } = clipLines(lines);
  if (lines.length === 0) return <span className="mc-evidence-empty">No log lines</span>;
  return (
    <div className="mc-evidence-log">
      <pre aria-label="Log lines">{(open ? lines : shown).join('\n')}</pre>
      {hidden > 0 && (
        <Button
          variant="minimal"
          size="small"
          aria-expanded={open}
          text={
            open ? 'Show less' : `Show more (${hidden} more ${hidden === 1 ? 'line' : 'lines'})`
          }
          onClick={() => setOpen((value) => !value)}
        />
      )}
    </div>
  );
}

/** What an evidence is, by its type: the check, item, change, insight, component, log or text. */
export function EvidenceBody({ view }: { view: EvidenceView }) {
  switch (view.kind) {
    case 'check':
      return (
        <span className="mc-evidence-subject">
          <StatusDot status={view.status} />
          <MaybeLink href={view.href}>{view.name}</MaybeLink>
        </span>
      );
    case 'config':
      return (
        <span className="mc-evidence-subject">
          <MaybeLink href={view.href}>
            <ConfigName name={view.name} type={view.configType} />
          </MaybeLink>
        </span>
      );
    case 'config_change':
      return (
        <span className="mc-evidence-subject">
          <Icon icon="changes" aria-hidden />
          <MaybeLink href={view.href}>
            <span className="mc-evidence-change-type">{view.changeType}</span>
            {view.summary && <span className="mc-evidence-summary"> {view.summary}</span>}
          </MaybeLink>
        </span>
      );
    case 'config_analysis':
      return (
        <span className="mc-evidence-subject">
          <Icon icon="lightbulb" aria-hidden />
          <MaybeLink href={view.href}>
            <span className="mc-evidence-analyzer">{view.analyzer}</span>
            {view.message && <span className="mc-evidence-summary"> {view.message}</span>}
          </MaybeLink>
        </span>
      );
    case 'topology':
      return (
        <span className="mc-evidence-subject">
          <Icon icon="graph" aria-hidden />
          <MaybeLink href={view.href}>{view.name}</MaybeLink>
        </span>
      );
    case 'log':
      return <LogExcerpt lines={view.lines} />;
    case 'comment':
      return <p className="mc-evidence-text">{view.text}</p>;
    case 'other':
      return <p className="mc-evidence-text">{view.text}</p>;
  }
}
