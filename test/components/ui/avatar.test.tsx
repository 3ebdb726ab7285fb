import { fireEvent, render, screen, within } from '@testing-library/react';
import { AvatarStack, PersonAvatar, PersonLabel } from '../../../src/ui/Avatar';

const ADA = { id: 'p-ada', name: 'Ada Admin', avatar: null, email: 'ada@example.com' };
const BOB = { id: 'p-bob', name: 'Bob Ops', avatar: '/avatars/bob.png', email: null };
const CARA = { id: 'p-cara', name: 'Cara Comms', avatar: null };
const DAN = { id: 'p-dan', name: 'Dan Dev', avatar: null };
const EVE = { id: 'p-eve', name: 'Eve Eng', avatar: null };

describe('PersonAvatar', () => {
  it('is an image named after the person, showing initials without a picture', () => {
    render(<PersonAvatar person={ADA} />);
    const avatar = screen.getByRole('img', { name: 'Ada Admin' });
    expect(avatar).toHaveAttribute('title', 'Ada Admin');
    expect(avatar).toHaveTextContent('AA');
    expect(avatar.querySelector('img')).toBeNull();
  });

  it('shows the picture, and the initials once the picture fails to load', () => {
    render(<PersonAvatar person={BOB} />);
    const avatar = screen.getByRole('img', { name: 'Bob Ops' });
    const picture = avatar.querySelector('img');
    expect(picture).toHaveAttribute('src', '/avatars/bob.png');
    expect(avatar).not.toHaveTextContent('BO');

    fireEvent.error(picture!);

    expect(avatar.querySelector('img')).toBeNull();
    expect(avatar).toHaveTextContent('BO');
  });

  it('tries a new picture address afresh after an earlier one failed', () => {
    const { rerender } = render(<PersonAvatar person={BOB} />);
    fireEvent.error(screen.getByRole('img', { name: 'Bob Ops' }).querySelector('img')!);
    rerender(<PersonAvatar person={{ ...BOB, avatar: '/avatars/bob-2.png' }} />);
    expect(screen.getByRole('img', { name: 'Bob Ops' }).querySelector('img')).toHaveAttribute(
      'src',
      '/avatars/bob-2.png',
    );
  });

  it('does not take an icon name for a picture', () => {
    render(<PersonAvatar person={{ name: 'Platform team', avatar: 'group' }} />);
    const avatar = screen.getByRole('img', { name: 'Platform team' });
    expect(avatar.querySelector('img')).toBeNull();
    expect(avatar).toHaveTextContent('PT');
  });

  it('names the person by email, else id, without a name', () => {
    render(<PersonAvatar person={{ id: 'p-x', name: null, email: 'ops@example.com' }} />);
    expect(screen.getByRole('img', { name: 'ops@example.com' })).toHaveTextContent('O');
  });

  it('is hidden from assistive technology when decorative', () => {
    const { container } = render(<PersonAvatar person={ADA} decorative />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('.mc-avatar')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('.mc-avatar')).toHaveTextContent('AA');
  });
});

describe('PersonLabel', () => {
  it('writes the name beside a decorative avatar', () => {
    const { container } = render(<PersonLabel person={ADA} />);
    expect(screen.getByText('Ada Admin')).toHaveClass('mc-person-name');
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('.mc-avatar')).toHaveTextContent('AA');
  });

  it('shows nothing for nobody', () => {
    const { container } = render(<PersonLabel person={{ id: null, name: null, avatar: null }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('writes the fallback for nobody when given one', () => {
    const { container } = render(<PersonLabel person={undefined} fallback="Nobody" />);
    expect(screen.getByText('Nobody')).toHaveClass('mc-person-name');
    expect(container.querySelector('.mc-avatar')).toHaveTextContent('?');
  });

  it('writes the person, not the fallback, when there is someone', () => {
    render(<PersonLabel person={CARA} fallback="Nobody" />);
    expect(screen.getByText('Cara Comms')).toBeInTheDocument();
    expect(screen.queryByText('Nobody')).toBeNull();
  });
});

describe('AvatarStack', () => {
  it('names everyone, shows three avatars and counts the rest as "+N"', () => {
    render(<AvatarStack label="Responders" people={[ADA, BOB, CARA, DAN, EVE]} />);
    const stack = screen.getByRole('group', {
      name: 'Responders: Ada Admin, Bob Ops, Cara Comms, Dan Dev, Eve Eng',
    });
    const avatars = within(stack).getAllByRole('img');
    expect(avatars.map((avatar) => avatar.getAttribute('aria-label'))).toEqual([
      'Ada Admin',
      'Bob Ops',
      'Cara Comms',
    ]);
    const more = within(stack).getByText('+2');
    expect(more).toHaveAttribute('title', 'Dan Dev, Eve Eng');
  });

  it('takes another maximum and has no "+N" when everyone fits', () => {
    render(<AvatarStack label="Commenters" people={[ADA, BOB]} max={2} />);
    const stack = screen.getByRole('group', { name: 'Commenters: Ada Admin, Bob Ops' });
    expect(within(stack).getAllByRole('img')).toHaveLength(2);
    expect(within(stack).queryByText(/^\+/)).toBeNull();
  });

  it('skips people naming nobody, and shows nothing when no one is left', () => {
    const { container, rerender } = render(
      <AvatarStack label="Responders" people={[{ id: null, name: null }, ADA]} />,
    );
    expect(screen.getByRole('group', { name: 'Responders: Ada Admin' })).toBeInTheDocument();

    rerender(<AvatarStack label="Responders" people={[{ id: null, name: null }]} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<AvatarStack label="Responders" people={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
