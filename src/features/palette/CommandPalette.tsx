import type { MomentTimezone } from 'moment-timezone';
import { Button, Classes, Dialog, Icon, InputGroup, Tag } from '@blueprintjs/core';
import type { KeyboardEvent } from 'react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useLocation, useNavigate } from 'react-router-dom';
import type { PaletteSearchKind, PickAction } from '../../../machines/palette/commandPalette';
import { PALETTE_SEARCH_KINDS } from '../../../machines/palette/commandPalette';
import { readPaletteQuery } from '../../../machines/palette/paletteQuery';
import { useGetAgentNamesQuery } from '../../api/endpoints/agents';
import { useAuthorizer, useFeatureFlags } from '../../auth/hooks';
import { useGetPersonAnalyticsQuery } from '../../api/endpoints/personAnalytics';
import { selectAuthMode, selectCurrentUser } from '../../auth/sessionSlice';
import type { TimezoneOption } from '../../lib/timezones';
import { timezoneOptions } from '../../lib/timezones';
import { useTimezones } from '../../ui/useTimezones';
import { useShellOptions } from '../../shell/ShellContext';
import { useAppDispatch, useAppSelector } from '../../shell/hooks';
import type { NavEntry } from '../../shell/navigation';
import { visibleEntries } from '../../shell/navigation';
import { paths } from '../../shell/paths';
import {
  paletteKindToggled,
  recentItemOpened,
  searchHistoryCleared,
  searchRemembered,
  selectPreferences,
  themeSet,
  timezoneSet,
} from '../../shell/preferencesSlice';
import type { PaletteAction } from './model/actions';
import { PALETTE_ACTIONS, actionToItem, availableActions } from './model/actions';
import type { PaletteItem } from './model/items';
import {
  GROUP_TITLES,
  foundToItem,
  historyItems,
  recentToItem,
  searchableKinds,
  starterItems,
  toRecent,
} from './model/items';
import type { GroupInput, RankedGroup } from './model/ranking';
import { ITEMS_PER_GROUP, byVisits, matchingLocally, rankGroups } from './model/ranking';
import { openFlowInspector } from './openFlowInspector';
import { useCommandPalette } from './useCommandPalette';
import './palette.css';

/** The palette's own words. */
export const PALETTE_LABELS = {
  dialog: 'Command palette',
  input: 'Search and commands',
  placeholder: 'Search checks, catalog, incidents, playbooks… or type a command',
  searching: 'Searching…',
  back: 'Esc to go back',
  kinds: 'Kinds to search',
  clearHistory: 'Clear search history',
  clear: 'Clear',
  agent: 'Agent',
  notSearched: 'Not searched:',
  syntax: '#config type=… tags.k=v health=… to filter',
} as const;

/** The footer's keyboard hints: the keys, and what they do. */
export const KEY_HINTS: ReadonlyArray<{ keys: readonly string[]; does: string }> = [
  { keys: ['↑', '↓'], does: 'move' },
  { keys: ['Tab'], does: 'next group' },
  { keys: ['Enter'], does: 'open' },
  { keys: ['Ctrl', 'Enter'], does: 'new tab' },
  { keys: ['Esc'], does: 'back or close' },
];

/** What a bare `#kind` says: type something to search that kind. */
export function directiveHint(title: string): string {
  return `Type a name or a selector to search ${title}`;
}

/** What a picking action asks for, in its input's placeholder. */
export const PICK_PROMPTS: Record<PickAction, string> = {
  runPlaybook: 'Choose a playbook to run',
  silence: 'Choose a config, component or health check to silence',
  runCheck: 'Choose a health check to run',
  timezone: 'Choose a time zone',
};

/** The live region's words for what is shown. */
export function statusText(options: { searching: boolean; query: string; count: number }): string {
  if (options.searching) return PALETTE_LABELS.searching;
  if (options.query.trim() !== '' && options.count === 0) {
    return `No results for “${options.query.trim()}”`;
  }
  return options.count === 1 ? '1 result' : `${options.count} results`;
}

/** Where a picked item leads for its action (the time zone acts in place). */
function pickedHref(action: PickAction, item: PaletteItem): string | undefined {
  switch (action) {
    case 'runPlaybook':
      return paths.playbookRunDialog.getHref(item.id);
    case 'runCheck':
      return paths.check.getHref(item.id, { run: true });
    case 'silence': {
      const kind =
        item.kind === 'config' || item.kind === 'component' ? item.kind : ('check' as const);
      return paths.notificationSilenceAdd.getHref({ kind, id: item.id });
    }
    default:
      return undefined;
  }
}

let cachedZones: TimezoneOption[] | undefined;

/** The time zones as options (made once: the list takes a moment to build); none before they load. */
function zoneItems(tz: MomentTimezone | undefined): PaletteItem[] {
  if (!tz) return [];
  cachedZones ??= timezoneOptions(tz);
  return cachedZones.map((zone) => ({
    key: `zone:${zone.value}`,
    kind: 'zone',
    id: zone.value,
    name: zone.label,
    typeLabel: 'Time zone',
    icon: 'time',
  }));
}

export interface CommandPaletteProps {
  isOpen: boolean;
  onClose: () => void;
  /** The pages it may offer (filtered here by feature flags, access and sign-in mode). */
  pages: readonly NavEntry[];
  /** How long typing must pause before a search; default the machine's. */
  debounceMs?: number;
}

/**
 * The command palette: one input that searches, as the user types, the resources the user may
 * read (grouped by kind, best matches first) and offers the pages and actions they may use;
 * the recent items and the pages, most visited first, when the input is empty. Arrows move, Tab jumps between groups, Enter opens
 * (Ctrl/Cmd+Enter in a new tab), Escape goes back or closes.
 */
export function CommandPalette({ isOpen, onClose, pages, debounceMs }: CommandPaletteProps) {
  const palette = useCommandPalette(debounceMs === undefined ? {} : { debounceMs });
  const { phase, context } = palette;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { flags } = useFeatureFlags();
  const authorizer = useAuthorizer();
  const authMode = useAppSelector(selectAuthMode);
  const { recentItems, theme, paletteKindsOff, recentSearches } = useAppSelector(selectPreferences);
  const { onSignOut } = useShellOptions();
  const titleId = useId();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const kinds = useMemo(() => searchableKinds(flags, authorizer), [flags, authorizer]);
  const off = useMemo(
    () => kinds.filter((kind) => paletteKindsOff.includes(kind)),
    [kinds, paletteKindsOff],
  );
  const actions = useMemo(
    () => availableActions(PALETTE_ACTIONS, { flags, authorizer, canSignOut: !!onSignOut }),
    [flags, authorizer, onSignOut],
  );
  const pageItems = useMemo(
    () =>
      visibleEntries(pages, flags, authorizer, authMode).map((page): PaletteItem => ({
        key: `page:${page.href}`,
        kind: 'page',
        id: page.href,
        name: page.label,
        typeLabel: 'Page',
        icon: page.icon,
        href: page.href,
      })),
    [pages, flags, authorizer, authMode],
  );
  const recentKeys = useMemo(
    () => new Set(recentItems.map((item) => `${item.kind}:${item.id}`)),
    [recentItems],
  );
  // The user's page visits order the pages of the empty box; without them (not read yet, or
  // refused) the pages keep the route table's order.
  const personId = useAppSelector(selectCurrentUser)?.id;
  const { data: visits } = useGetPersonAnalyticsQuery(isOpen && personId ? personId : skipToken);
  const visitedPages = useMemo(() => byVisits(pageItems, visits ?? []), [pageItems, visits]);

  const { mode, query, results, resultsFor, problem } = context;
  const read = useMemo(() => readPaletteQuery(query), [query]);
  const tz = useTimezones(mode.kind === 'picking' && mode.action === 'timezone');
  const groups = useMemo((): RankedGroup[] => {
    const inputs: GroupInput[] = [];
    const searched = (only: readonly PaletteSearchKind[]) => {
      if (resultsFor.trim() === '') return;
      for (const kind of PALETTE_SEARCH_KINDS) {
        const result = results[kind];
        if (!only.includes(kind) || !result) continue;
        if (result.status === 'error') inputs.push({ key: kind, items: [], error: result.message });
        else
          inputs.push({
            key: kind,
            items: result.items.map((found) => foundToItem(kind, found, authorizer)),
          });
      }
    };
    if (mode.kind === 'picking') {
      if (mode.action === 'timezone') {
        inputs.push({ key: 'zones', items: matchingLocally(zoneItems(tz), query) });
        return rankGroups(inputs, query, recentKeys, ITEMS_PER_GROUP * 2);
      }
      searched(PALETTE_SEARCH_KINDS);
      return rankGroups(inputs, query, recentKeys);
    }
    const actionItems = actions.map(actionToItem);
    if (query.trim() === '') {
      inputs.push({ key: 'recent', items: recentItems.map(recentToItem), keepOrder: true });
      inputs.push({ key: 'searches', items: historyItems(recentSearches), keepOrder: true });
      inputs.push({ key: 'suggestions', items: starterItems(kinds), keepOrder: true });
      inputs.push({ key: 'actions', items: actionItems, keepOrder: true });
      inputs.push({ key: 'pages', items: visitedPages, keepOrder: true });
      return rankGroups(inputs, query, recentKeys, Number.MAX_SAFE_INTEGER);
    }
    // A `#kind` or a selector asks the server only; plain text also matches actions and pages.
    const filtered = read.kind !== undefined || read.unknownKind !== undefined || read.selector;
    if (!filtered) {
      inputs.push({ key: 'actions', items: matchingLocally(actionItems, query) });
      inputs.push({ key: 'pages', items: matchingLocally(pageItems, query) });
    }
    searched(PALETTE_SEARCH_KINDS);
    return rankGroups(inputs, read.selector ? '' : read.text, recentKeys);
  }, [
    mode,
    query,
    read,
    results,
    resultsFor,
    kinds,
    recentSearches,
    actions,
    pageItems,
    visitedPages,
    recentItems,
    recentKeys,
    authorizer,
    tz,
  ]);

  const options = useMemo(() => groups.flatMap((group) => group.items), [groups]);
  const groupStarts = useMemo(() => {
    const starts: number[] = [];
    let index = 0;
    for (const group of groups) {
      if (group.items.length > 0) starts.push(index);
      index += group.items.length;
    }
    return starts;
  }, [groups]);

  // The first option is active whenever the groups change (typing, new results, picking).
  const [selection, setSelection] = useState({ groups, index: 0 });
  const active = selection.groups === groups ? selection.index : 0;
  const setActive = (next: (index: number) => number) =>
    setSelection((current) => ({
      groups,
      index: next(current.groups === groups ? current.index : 0),
    }));
  const activeItem = options[Math.min(active, options.length - 1)];
  const positions = useMemo(
    () => new Map(options.map((item, position) => [item.key, position])),
    [options],
  );

  // Opening takes the kinds of that moment; a later change of them waits for the next open.
  // The kinds switched off apply at once.
  const kindsAtOpen = useRef({ kinds, off });
  useEffect(() => {
    kindsAtOpen.current = { kinds, off };
  }, [kinds, off]);
  const { open, close, setOff } = palette;
  useEffect(() => {
    if (isOpen) open(kindsAtOpen.current.kinds, kindsAtOpen.current.off);
    else close();
  }, [isOpen, open, close]);
  const offSent = useRef(off);
  useEffect(() => {
    if (offSent.current === off) return;
    offSent.current = off;
    if (isOpen) setOff(off);
  }, [isOpen, off, setOff]);

  // Agents are named only when an item of a remote agent shows.
  const showsAgents = isOpen && options.some((item) => item.agent !== undefined);
  const { data: agents } = useGetAgentNamesQuery(showsAgents ? undefined : skipToken);
  const agentNames = useMemo(
    () => new Map((agents ?? []).map((agent) => [agent.id, agent.name])),
    [agents],
  );

  useEffect(() => {
    if (!isOpen) return;
    inputRef.current?.focus();
  }, [isOpen, mode]);

  const go = (href: string, newTab: boolean) => {
    if (newTab) {
      window.open(href, '_blank', 'noopener');
      return;
    }
    onClose();
    void navigate(href);
  };

  const runAction = (action: PaletteAction, newTab: boolean) => {
    if (action.pick) {
      palette.startPick(action.pick);
      return;
    }
    if (action.href) {
      go(action.href, newTab);
      return;
    }
    onClose();
    if (action.id === 'theme') dispatch(themeSet(theme === 'dark' ? 'light' : 'dark'));
    if (action.id === 'inspector') openFlowInspector(dispatch);
    if (action.id === 'signOut') void onSignOut?.(`${location.pathname}${location.search}`);
  };

  const choose = (item: PaletteItem | undefined, newTab: boolean) => {
    if (!item) return;
    if (item.kind === 'search') {
      palette.setQuery(item.id);
      inputRef.current?.focus();
      return;
    }
    if (mode.kind === 'picking') {
      if (mode.action === 'timezone') {
        dispatch(timezoneSet(item.id));
        onClose();
        return;
      }
      const href = pickedHref(mode.action, item);
      if (href) go(href, newTab);
      return;
    }
    if (item.kind === 'action') {
      const action = actions.find((candidate) => candidate.id === item.action);
      if (action) runAction(action, newTab);
      return;
    }
    const recent = toRecent(item);
    if (recent) dispatch(recentItemOpened(recent));
    if (item.kind !== 'page' && resultsFor.trim() !== '') dispatch(searchRemembered(resultsFor));
    if (item.href) go(item.href, newTab);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (count === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (Math.min(index, count - 1) + step + count) % count);
        return;
      }
      case 'Tab': {
        if (groupStarts.length === 0) return;
        event.preventDefault();
        const current = groupStarts.filter((start) => start <= active).length - 1;
        const next = event.shiftKey
          ? (current - 1 + groupStarts.length) % groupStarts.length
          : (current + 1) % groupStarts.length;
        setActive(() => groupStarts[next] ?? 0);
        return;
      }
      case 'Enter':
        event.preventDefault();
        choose(activeItem, event.ctrlKey || event.metaKey);
        return;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        if (mode.kind === 'picking') palette.back();
        else onClose();
        return;
      default:
    }
  };

  const searching = phase === 'debouncing' || phase === 'searching';
  const optionId = (item: PaletteItem) => `${listId}-${item.key}`;
  const pickAction =
    mode.kind === 'picking'
      ? PALETTE_ACTIONS.find((action) => action.pick === mode.action)
      : undefined;
  const bareKind = mode.kind === 'main' && read.kind !== undefined && read.text === '';
  const hint =
    mode.kind === 'picking' && mode.action !== 'timezone' && query.trim() === ''
      ? PICK_PROMPTS[mode.action]
      : bareKind && read.kind
        ? directiveHint(GROUP_TITLES[read.kind])
        : undefined;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      aria-labelledby={titleId}
      canEscapeKeyClose={false}
      className="mc-palette"
      style={{ width: '40rem', maxWidth: 'calc(100vw - 2rem)' }}
    >
      <h2 id={titleId} className="mc-visually-hidden">
        {PALETTE_LABELS.dialog}
      </h2>
      <div className="mc-palette-body" data-search-state={phase}>
        {pickAction && (
          <div className="mc-palette-pick">
            <Tag icon={pickAction.icon} minimal>
              {pickAction.label}
            </Tag>
            <span className={Classes.TEXT_MUTED}>{PALETTE_LABELS.back}</span>
          </div>
        )}
        <InputGroup
          inputRef={inputRef}
          autoFocus
          large
          leftIcon="search"
          role="combobox"
          aria-label={PALETTE_LABELS.input}
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeItem ? optionId(activeItem) : undefined}
          placeholder={
            mode.kind === 'picking' ? PICK_PROMPTS[mode.action] : PALETTE_LABELS.placeholder
          }
          value={query}
          onChange={(event) => palette.setQuery(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        {mode.kind === 'main' && kinds.length > 1 && (
          <div role="toolbar" aria-label={PALETTE_LABELS.kinds} className="mc-palette-kinds">
            {kinds.map((kind) => (
              <Button
                key={kind}
                small
                minimal
                active={!off.includes(kind)}
                aria-pressed={!off.includes(kind)}
                text={GROUP_TITLES[kind]}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => dispatch(paletteKindToggled(kind))}
              />
            ))}
          </div>
        )}
        {problem !== null && (
          <p aria-live="polite" className={`mc-palette-problem ${Classes.TEXT_MUTED}`}>
            <Icon icon="info-sign" size={12} aria-hidden /> {PALETTE_LABELS.notSearched} {problem}
          </p>
        )}
        <div
          role="listbox"
          id={listId}
          aria-label={PALETTE_LABELS.dialog}
          className="mc-palette-list"
        >
          {groups.map((group) => (
            <div key={group.key} role="group" aria-label={group.title} className="mc-palette-group">
              <div className="mc-palette-group-title">
                <span aria-hidden>{group.title}</span>
                {group.key === 'searches' && (
                  <Button
                    small
                    minimal
                    text={PALETTE_LABELS.clear}
                    aria-label={PALETTE_LABELS.clearHistory}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => dispatch(searchHistoryCleared())}
                  />
                )}
              </div>
              {group.error !== undefined && (
                <div className="mc-palette-error">
                  <Icon icon="error" intent="danger" aria-hidden /> {group.error}
                </div>
              )}
              {group.items.map((item) => {
                const position = positions.get(item.key) ?? 0;
                const selected = item === activeItem;
                return (
                  <div
                    key={item.key}
                    id={optionId(item)}
                    role="option"
                    aria-selected={selected}
                    className={`mc-palette-option${selected ? ' mc-palette-option-active' : ''}`}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => setActive(() => position)}
                    onClick={(event) => choose(item, event.ctrlKey || event.metaKey)}
                  >
                    <Icon icon={item.icon} aria-hidden className="mc-palette-option-icon" />
                    <span className="mc-palette-option-name">{item.name}</span>
                    <span className={`mc-meta-text ${Classes.TEXT_MUTED}`}>{item.typeLabel}</span>
                    {item.tags && (
                      <span className="mc-palette-option-tags">
                        {item.tags.map((tag) => (
                          <Tag key={tag} minimal round className="mc-palette-option-tag">
                            {tag}
                          </Tag>
                        ))}
                      </span>
                    )}
                    {item.agent && (
                      <Tag
                        minimal
                        icon="cloud"
                        intent="primary"
                        className="mc-palette-option-agent"
                        title={PALETTE_LABELS.agent}
                      >
                        {agentNames.get(item.agent) ?? item.agent.slice(0, 8)}
                      </Tag>
                    )}
                    {item.status && (
                      <Tag minimal intent={item.status.intent} className="mc-palette-option-status">
                        {item.status.text}
                      </Tag>
                    )}
                    {item.parent && (
                      <span
                        className={`mc-palette-option-parent mc-meta-text ${Classes.TEXT_MUTED}`}
                      >
                        {item.parent}
                      </span>
                    )}
                  </div>
                );
              })}
              {group.hidden > 0 && (
                <div className={`mc-palette-more ${Classes.TEXT_MUTED}`}>{group.hidden} more</div>
              )}
            </div>
          ))}
        </div>
        {hint && <p className={`mc-palette-hint ${Classes.TEXT_MUTED}`}>{hint}</p>}
        <div className="mc-palette-footer">
          <div role="status" aria-live="polite" className="mc-palette-status">
            {statusText({ searching, query: bareKind ? '' : query, count: options.length })}
          </div>
          <div className={`mc-palette-keys ${Classes.TEXT_MUTED}`} aria-hidden>
            {KEY_HINTS.map((hint) => (
              <span key={hint.does}>
                {hint.keys.map((key) => (
                  <kbd key={key}>{key}</kbd>
                ))}{' '}
                {hint.does}
              </span>
            ))}
            {mode.kind === 'main' && <span>{PALETTE_LABELS.syntax}</span>}
          </div>
        </div>
      </div>
    </Dialog>
  );
}
