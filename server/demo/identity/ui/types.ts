/** Wire shapes of the identity service's UI containers (kratos.md §2.2–2.5). */

export type UiTextType = 'info' | 'error' | 'success';

export interface UiText {
  id: number;
  text: string;
  type: UiTextType;
  context?: Record<string, unknown>;
}

export type UiNodeGroup = 'default' | 'password' | 'profile' | 'code' | 'totp' | 'lookup_secret';

export interface UiNodeInputAttributes {
  node_type: 'input';
  name: string;
  type: 'text' | 'password' | 'email' | 'hidden' | 'submit' | 'button';
  value?: unknown;
  required?: boolean;
  disabled: boolean;
  autocomplete?: string;
  label?: UiText;
}

export interface UiNodeTextAttributes {
  node_type: 'text';
  id: string;
  text: UiText;
}

export interface UiNodeImageAttributes {
  node_type: 'img';
  id: string;
  src: string;
  width: number;
  height: number;
}

export interface UiNodeAnchorAttributes {
  node_type: 'a';
  id: string;
  href: string;
  title: UiText;
}

export type UiNodeAttributes =
  UiNodeInputAttributes | UiNodeTextAttributes | UiNodeImageAttributes | UiNodeAnchorAttributes;

export interface UiNode {
  type: UiNodeAttributes['node_type'];
  group: UiNodeGroup;
  attributes: UiNodeAttributes;
  messages: UiText[];
  meta: { label?: UiText };
}

export interface UiContainer {
  action: string;
  method: 'POST' | 'GET';
  nodes: UiNode[];
  messages?: UiText[];
}
