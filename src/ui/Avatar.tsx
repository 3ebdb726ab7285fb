import { useState } from 'react';
import './ui.css';

/**
 * Someone an avatar stands for. Every field is optional: views embed what they can, and a
 * missing embed may arrive as `{ id: null, name: null }`.
 */
export interface AvatarPerson {
  id?: string | null;
  name?: string | null;
  /** A picture's address; anything else (a team's icon name) is not shown as a picture. */
  avatar?: string | null;
  email?: string | null;
}

/** Avatars shown in a stack before the rest are counted ("+2"). */
export const MAX_STACKED_AVATARS = 3;

/** Whether an avatar is a picture's address (http(s), a path of this site, or inline data). */
export function isPictureAddress(avatar: string | null | undefined): avatar is string {
  return typeof avatar === 'string' && /^(https?:\/\/|\/|data:image\/)/i.test(avatar.trim());
}

/**
 * Up to two initials of a name, from its first and last words: "Ada Admin" → "AA",
 * "ada lovelace byron" → "AB", "bob" → "B". Dots, dashes and underscores separate words too,
 * and an email counts by the part before its "@" ("ada.admin@example.com" → "AA").
 * Empty for a blank name.
 */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '';
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => Array.from(word)[0]!.toUpperCase()).join('');
}

/** The name a person reads as: their name, else their email, else their id; empty for nobody. */
export function personName(person: AvatarPerson | null | undefined): string {
  return person?.name?.trim() || person?.email?.trim() || person?.id?.trim() || '';
}

/** Whether a person names anyone (a view may embed `{ id: null, name: null }`). */
export function isSomeone<P extends AvatarPerson>(person: P | null | undefined): person is P {
  return personName(person) !== '';
}

export interface PersonAvatarProps {
  /** Whose avatar it is: their picture, else the initials of their name. */
  person: AvatarPerson;
  /**
   * The name is written beside the avatar: the avatar is hidden from assistive technology.
   * Default false: the avatar is an image named after the person, with the name as tooltip.
   */
  decorative?: boolean;
}

/**
 * A round picture of a person, or their initials when there is none or it does not load
 * ("?" when nothing names them).
 */
export function PersonAvatar({ person, decorative = false }: PersonAvatarProps) {
  const name = personName(person);
  // The address that failed to load: another address is tried afresh.
  const [broken, setBroken] = useState<string>();
  const picture = isPictureAddress(person.avatar) && broken !== person.avatar ? person.avatar : '';
  const naming = decorative
    ? ({ 'aria-hidden': true } as const)
    : ({ role: 'img', 'aria-label': name, title: name } as const);
  return (
    <span className="mc-avatar" {...naming}>
      {picture ? (
        <img src={picture} alt="" onError={() => setBroken(picture)} />
      ) : (
        <span aria-hidden>{initialsOf(name) || '?'}</span>
      )}
    </span>
  );
}

export interface PersonLabelProps {
  /** The person shown. */
  person: AvatarPerson | null | undefined;
  /** What is written when the person names nobody. Default: nothing is shown at all. */
  fallback?: string;
}

/** A person's avatar and name side by side; for nobody, `fallback` or nothing. */
export function PersonLabel({ person, fallback }: PersonLabelProps) {
  const someone = isSomeone(person);
  if (!someone && !fallback) return null;
  return (
    <span className="mc-person">
      <PersonAvatar person={someone ? person : {}} decorative />
      <span className="mc-person-name">{someone ? personName(person) : fallback}</span>
    </span>
  );
}

export interface AvatarStackProps {
  /** What the people are ("Responders"): the stack's accessible name starts with it. */
  label: string;
  /** The people shown; those naming nobody are skipped. */
  people: readonly AvatarPerson[] | null | undefined;
  /** Avatars shown before the rest are counted. Default `MAX_STACKED_AVATARS` (3). */
  max?: number;
}

/**
 * A compact, overlapping row of avatars with every name in the accessible name and in the
 * tooltips ("Responders: Ada Admin, Bob Ops"); beyond `max`, a "+N" naming the others.
 * Nothing for nobody.
 */
export function AvatarStack({ label, people, max = MAX_STACKED_AVATARS }: AvatarStackProps) {
  const everyone = (people ?? []).filter(isSomeone);
  if (everyone.length === 0) return null;
  const shown = everyone.slice(0, max);
  const rest = everyone.slice(max);
  const names = everyone.map(personName);
  return (
    <span className="mc-avatar-stack" role="group" aria-label={`${label}: ${names.join(', ')}`}>
      {shown.map((person, index) => (
        <PersonAvatar key={person.id ?? `${index}:${personName(person)}`} person={person} />
      ))}
      {rest.length > 0 && (
        <span className="mc-avatar mc-avatar-more" title={rest.map(personName).join(', ')}>
          +{rest.length}
        </span>
      )}
    </span>
  );
}
