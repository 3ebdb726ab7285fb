import type { IncidentHistory } from '../../../../api/schemas/incidents';

/** Who an entry is attributed to when the changelog names nobody. */
export const UNKNOWN_ACTOR = 'Someone';

/** The changelog types api.md INC-07 lists. */
export const HISTORY_TYPES = [
  'incident.created',
  'incident.status_updated',
  'incident_status.updated',
  'responder.created',
  'evidence.created',
  'evidence.done_definition_added',
  'responder.commented',
  'hypothesis.created',
  'hypothesis.status_updated',
] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

type Evidence = NonNullable<IncidentHistory['evidence']>;

/** A trimmed text, or undefined when there is none. */
function text(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The person an entry is attributed to. */
export function actorOf(entry: IncidentHistory): string {
  return text(entry.created_by?.name) ?? UNKNOWN_ACTOR;
}

/**
 * What a piece of evidence is about: the component, config or check it points at, else the
 * change's type or the insight's analyzer, else its own description.
 */
export function evidenceSubject(evidence: Evidence | null | undefined): string | undefined {
  if (!evidence) return undefined;
  return (
    text(evidence.components?.name) ??
    text(evidence.configs?.name) ??
    text(evidence.checks?.name) ??
    text(evidence.config_changes?.change_type) ??
    text(evidence.config_analysis?.analyzer) ??
    text(evidence.description)
  );
}

/** The responder an entry names: the person, else the team. */
export function responderSubject(entry: IncidentHistory): string | undefined {
  return text(entry.responder?.person?.name) ?? text(entry.responder?.team?.name);
}

/** `incident.severity_updated` → `incident severity updated`; camelCase is split too. */
export function typeWords(type: string): string {
  return type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[._\-\s]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

/**
 * One changelog entry (INC-07) as a plain sentence naming who did it: "Ada Admin changed
 * status to investigating", "Ada Admin added Bob as a responder". The status types carry the
 * new status in `description`; types the console does not know are worded from the type.
 */
export function describeHistory(entry: IncidentHistory): string {
  const actor = actorOf(entry);
  const description = text(entry.description);
  const hypothesis = text(entry.hypothesis?.title);
  switch (entry.type) {
    case 'incident.created':
      return `${actor} created the incident`;
    case 'incident.status_updated':
    case 'incident_status.updated':
      return description ? `${actor} changed status to ${description}` : `${actor} changed status`;
    case 'responder.created': {
      const responder = responderSubject(entry);
      return responder
        ? `${actor} added ${responder} as a responder`
        : `${actor} added a responder`;
    }
    case 'evidence.created': {
      const subject = evidenceSubject(entry.evidence);
      const added = subject ? `${actor} added evidence: ${subject}` : `${actor} added evidence`;
      return hypothesis ? `${added} to hypothesis “${hypothesis}”` : added;
    }
    case 'evidence.done_definition_added': {
      const subject = evidenceSubject(entry.evidence);
      return subject
        ? `${actor} marked evidence ${subject} as definition of done`
        : `${actor} marked evidence as definition of done`;
    }
    case 'responder.commented': {
      const comment = text(entry.comment?.comment) ?? description;
      return comment ? `${actor} commented: ${comment}` : `${actor} commented`;
    }
    case 'hypothesis.created': {
      const title = hypothesis ?? description;
      return title ? `${actor} added hypothesis “${title}”` : `${actor} added a hypothesis`;
    }
    case 'hypothesis.status_updated': {
      const which = hypothesis ? `hypothesis “${hypothesis}”` : 'a hypothesis';
      return description
        ? `${actor} changed ${which} to ${description}`
        : `${actor} changed the status of ${which}`;
    }
    default: {
      const what = typeWords(entry.type ?? '') || 'change';
      return description ? `${actor}: ${what} (${description})` : `${actor}: ${what}`;
    }
  }
}

/** The entries newest first (entries without a time last), keeping the order of equal times. */
export function newestFirst(entries: readonly IncidentHistory[]): IncidentHistory[] {
  const time = (entry: IncidentHistory) => {
    const ms = entry.created_at ? Date.parse(entry.created_at) : NaN;
    return Number.isNaN(ms) ? -Infinity : ms;
  };
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => time(b.entry) - time(a.entry) || a.index - b.index)
    .map(({ entry }) => entry);
}
