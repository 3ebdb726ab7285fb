import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { PageHeaderContext } from '../../../src/ui/pageHeader';
import { SectionLinks } from '../../../src/widgets/SectionLinks';

const SECTIONS = [
  { label: 'Items', href: '/items', end: true },
  { label: 'Changes', href: '/items/changes', end: false },
];

/** The links inside a top bar whose extras slot is in the page, at `address`. */
function renderLinks(address: string, linkClassName?: string) {
  const extras = document.createElement('div');
  document.body.appendChild(extras);
  render(
    <PageHeaderContext.Provider value={{ setHeader: () => undefined, extras }}>
      <MemoryRouter initialEntries={[address]}>
        <SectionLinks
          label="Item sections"
          className="test-sections"
          linkClassName={linkClassName}
          sections={SECTIONS}
        />
      </MemoryRouter>
    </PageHeaderContext.Provider>,
  );
  return screen.getByRole('navigation', { name: 'Item sections' });
}

describe('SectionLinks', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('shows the pages in order in the top bar, the current one marked', () => {
    const nav = renderLinks('/items/changes/42');
    expect(nav).toHaveClass('test-sections');
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Items', 'Changes']);
    expect(links[0]).toHaveAttribute('href', '/items');
    expect(links[0]).toHaveAttribute('class', 'bp6-button bp6-minimal');
    expect(links[1]).toHaveAttribute('aria-current', 'page');
    expect(links[1]).toHaveAttribute('class', 'bp6-button bp6-minimal bp6-active');
  });

  it('marks a page with end only at its own address, and gives each link the extra class', async () => {
    const user = userEvent.setup();
    const nav = renderLinks('/items', 'test-section');
    const items = within(nav).getByRole('link', { name: 'Items' });
    expect(items).toHaveAttribute('class', 'bp6-button bp6-minimal test-section bp6-active');
    await user.click(within(nav).getByRole('link', { name: 'Changes' }));
    expect(items).toHaveAttribute('class', 'bp6-button bp6-minimal test-section');
    expect(within(nav).getByRole('link', { name: 'Changes' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('draws nothing outside the shell', () => {
    render(
      <MemoryRouter>
        <SectionLinks label="Item sections" className="test-sections" sections={SECTIONS} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
