/**
 * A stand-in for `@clerk/clerk-react` in component tests: the hooks and components the hosted
 * sign-in uses, over a state the test controls through `clerkDouble`. Nothing reaches the
 * network. Map it per test file:
 *
 *     jest.mock('@clerk/clerk-react', () => jest.requireActual('../../support/clerkDouble'));
 */
import type { ReactElement, ReactNode } from 'react';
import { Children, isValidElement, useState, useSyncExternalStore } from 'react';

export interface DoubleOrganization {
  id: string;
  name: string;
  publicMetadata: Record<string, unknown>;
}

export interface DoubleUser {
  id: string;
  fullName: string;
  email: string;
}

export interface DoubleState {
  /** The provider has loaded (false: every hook says `isLoaded: false`). */
  loaded: boolean;
  signedIn: boolean;
  user: DoubleUser;
  /** The signed-in user's organisations. */
  organizations: DoubleOrganization[];
  activeOrganizationId: string | null;
  /** What `getToken()` answers. */
  token: string | null;
}

type Props = Record<string, unknown>;
type UrlOption = string | ((resource: never) => string) | undefined;

const DEFAULT_STATE: DoubleState = {
  loaded: true,
  signedIn: true,
  user: { id: 'user_ada', fullName: 'Ada Admin', email: 'ada@example.com' },
  organizations: [],
  activeOrganizationId: null,
  token: 'token-1',
};

let state: DoubleState = DEFAULT_STATE;
const listeners = new Set<() => void>();
/** Organisation resources, one per organisation and state, so their identity is stable. */
let resources = new Map<string, ReturnType<typeof organizationResource>>();

function emit(): void {
  resources = new Map();
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const record = {
  /** Props of the last render of each component, by name. */
  props: {} as Record<string, Props>,
  /** Props of the last `ClerkProvider`. */
  providerProps: undefined as Props | undefined,
  /** How many times `getToken` was called. */
  tokenRequests: 0,
  /** Organisation ids whose `reload()` was called. */
  reloads: [] as string[],
  /** Addresses the provider navigated to (through `routerPush`). */
  navigations: [] as string[],
};

async function getToken(): Promise<string | null> {
  record.tokenRequests += 1;
  return state.signedIn ? state.token : null;
}

function navigate(to: string): void {
  record.navigations.push(to);
  const push = record.providerProps?.routerPush;
  if (typeof push === 'function') void push(to);
}

function resolveUrl(option: UrlOption, resource: unknown): string | undefined {
  if (typeof option === 'function') return (option as (value: unknown) => string)(resource);
  return option;
}

async function setActive(params: { organization?: string | null }): Promise<void> {
  clerkDouble.set({ activeOrganizationId: params.organization ?? null });
}

async function signOut(): Promise<void> {
  clerkDouble.set({ signedIn: false, activeOrganizationId: null });
  const after = record.providerProps?.afterSignOutUrl;
  navigate(typeof after === 'string' ? after : '/');
}

function organizationResource(organization: DoubleOrganization) {
  return {
    id: organization.id,
    name: organization.name,
    publicMetadata: organization.publicMetadata,
    reload: async () => {
      record.reloads.push(organization.id);
      return organizationResource(
        state.organizations.find((o) => o.id === organization.id) ?? organization,
      );
    },
  };
}

function activeOrganization(current: DoubleState) {
  if (!current.signedIn || current.activeOrganizationId === null) return null;
  const found = current.organizations.find((o) => o.id === current.activeOrganizationId);
  if (!found) return null;
  let resource = resources.get(found.id);
  if (!resource) {
    resource = organizationResource(found);
    resources.set(found.id, resource);
  }
  return resource;
}

function useDoubleState(): DoubleState {
  return useSyncExternalStore(subscribe, () => state);
}

/** Controls of the double, for tests. */
export const clerkDouble = {
  /** Back to a loaded, signed-in user without organisations, then applies `overrides`. */
  reset(overrides: Partial<DoubleState> = {}): void {
    state = { ...DEFAULT_STATE, ...overrides };
    record.props = {};
    record.providerProps = undefined;
    record.tokenRequests = 0;
    record.reloads = [];
    record.navigations = [];
    emit();
  },
  set(changes: Partial<DoubleState>): void {
    state = { ...state, ...changes };
    emit();
  },
  getState: (): DoubleState => state,
  get props(): Record<string, Props> {
    return record.props;
  },
  get providerProps(): Props | undefined {
    return record.providerProps;
  },
  get tokenRequests(): number {
    return record.tokenRequests;
  },
  get reloads(): string[] {
    return record.reloads;
  },
  get navigations(): string[] {
    return record.navigations;
  },
};

// Hooks

export function useAuth() {
  const current = useDoubleState();
  if (!current.loaded) {
    return {
      isLoaded: false,
      isSignedIn: undefined,
      userId: undefined,
      orgId: undefined,
      getToken,
      signOut,
    };
  }
  return {
    isLoaded: true,
    isSignedIn: current.signedIn,
    userId: current.signedIn ? current.user.id : null,
    orgId: current.signedIn ? current.activeOrganizationId : null,
    getToken,
    signOut,
  };
}

export function useOrganization() {
  const current = useDoubleState();
  if (!current.loaded) return { isLoaded: false, organization: undefined };
  return { isLoaded: true, organization: activeOrganization(current) };
}

export function useUser() {
  const current = useDoubleState();
  if (!current.loaded) return { isLoaded: false, isSignedIn: undefined, user: undefined };
  return {
    isLoaded: true,
    isSignedIn: current.signedIn,
    user: current.signedIn ? current.user : null,
  };
}

export function useClerk() {
  return { loaded: state.loaded, signOut, setActive };
}

// Components

function remember(name: string, props: Props): void {
  record.props[name] = props;
}

function rememberProvider(props: Props): void {
  record.providerProps = props;
}

export function ClerkProvider(props: Props & { children?: ReactNode }) {
  rememberProvider(props);
  return <>{props.children}</>;
}

export function SignIn(props: Props) {
  remember('SignIn', props);
  return (
    <section aria-label="Provider sign-in">
      <h1>Sign in</h1>
    </section>
  );
}

export function SignUp(props: Props) {
  remember('SignUp', props);
  return (
    <section aria-label="Provider sign-up">
      <h1>Create your account</h1>
    </section>
  );
}

export function UserProfile(props: Props) {
  remember('UserProfile', props);
  return (
    <section aria-label="Provider profile">
      <h1>Account</h1>
    </section>
  );
}

export function OrganizationSwitcher(props: Props) {
  remember('OrganizationSwitcher', props);
  const current = useDoubleState();
  const [open, setOpen] = useState(false);
  const active = activeOrganization(current);
  const choose = async (organization: DoubleOrganization) => {
    setOpen(false);
    await setActive({ organization: organization.id });
    const url = resolveUrl(props.afterSelectOrganizationUrl as UrlOption, organization);
    if (url) navigate(url);
  };
  return (
    <div>
      <button type="button" aria-label="Switch organization" onClick={() => setOpen(!open)}>
        {active?.name ?? 'No organization'}
      </button>
      {open && (
        <ul role="menu" aria-label="Organizations">
          {current.organizations.map((organization) => (
            <li
              key={organization.id}
              role="menuitem"
              tabIndex={-1}
              onClick={() => void choose(organization)}
            >
              {organization.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function OrganizationList(props: Props) {
  remember('OrganizationList', props);
  const current = useDoubleState();
  const choose = async (organization: DoubleOrganization, urlOption: unknown) => {
    await setActive({ organization: organization.id });
    const url = resolveUrl(urlOption as UrlOption, organization);
    if (url) navigate(url);
  };
  const create = () => {
    const organization: DoubleOrganization = {
      id: `org_${current.organizations.length + 1}`,
      name: 'New organization',
      publicMetadata: {},
    };
    clerkDouble.set({ organizations: [...state.organizations, organization] });
    void choose(organization, props.afterCreateOrganizationUrl);
  };
  return (
    <section aria-label="Provider organization list">
      <ul>
        {current.organizations.map((organization) => (
          <li key={organization.id}>
            <button
              type="button"
              onClick={() => void choose(organization, props.afterSelectOrganizationUrl)}
            >
              {organization.name}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={create}>
        Create organization
      </button>
    </section>
  );
}

interface MenuActionProps {
  label: string;
  labelIcon?: ReactNode;
  onClick?: () => void;
  open?: string;
}

function MenuItems(_props: { children?: ReactNode }): ReactElement | null {
  return null;
}

function MenuAction(_props: MenuActionProps): ReactElement | null {
  return null;
}

function MenuLink(_props: { href: string; label: string; labelIcon?: ReactNode }) {
  return null;
}

/** The actions declared with `<UserButton.MenuItems><UserButton.Action …/>`. */
function declaredActions(children: ReactNode): MenuActionProps[] {
  const actions: MenuActionProps[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<{ children?: ReactNode }>(child) || child.type !== MenuItems) return;
    Children.forEach(child.props.children, (item) => {
      if (isValidElement<MenuActionProps>(item) && item.type === MenuAction) {
        actions.push(item.props);
      }
    });
  });
  return actions;
}

function UserButtonImpl(props: Props & { children?: ReactNode }) {
  remember('UserButton', props);
  const current = useDoubleState();
  const [open, setOpen] = useState(false);
  if (!current.loaded || !current.signedIn) return null;
  const run = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const manageAccount = () => {
    const url = props.userProfileUrl;
    if (typeof url === 'string') navigate(url);
  };
  return (
    <div>
      <button type="button" aria-label="Open user button" onClick={() => setOpen(!open)}>
        {current.user.fullName}
      </button>
      {open && (
        <ul role="menu" aria-label="User button">
          <li role="menuitem" tabIndex={-1} onClick={run(manageAccount)}>
            Manage account
          </li>
          {declaredActions(props.children).map((action) => (
            <li
              key={action.label}
              role="menuitem"
              tabIndex={-1}
              onClick={run(() => action.onClick?.())}
            >
              {action.label}
            </li>
          ))}
          <li role="menuitem" tabIndex={-1} onClick={run(() => void signOut())}>
            Sign out
          </li>
        </ul>
      )}
    </div>
  );
}

export const UserButton = Object.assign(UserButtonImpl, {
  MenuItems,
  Action: MenuAction,
  Link: MenuLink,
});
