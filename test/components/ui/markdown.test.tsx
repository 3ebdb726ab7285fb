import { render, screen, within } from '@testing-library/react';
import { Markdown, isSafeHref } from '../../../src/ui/Markdown';
import { expectAnswers } from '../../support/answers';

describe('Markdown', () => {
  it('renders headings, emphasis, code, lists, quotes and code blocks as elements', () => {
    const { container } = render(
      <Markdown
        source={[
          '## Pod **crashed**',
          '',
          'The pod *checkout* restarted `3` times',
          'second line',
          '',
          '- one',
          '- __two__',
          '',
          '1. first',
          '2. second',
          '',
          '> quoted',
          '',
          '```yaml',
          'kind: Pod',
          '```',
        ].join('\n')}
      />,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Pod crashed' });
    expect(within(heading).getByText('crashed').tagName).toBe('STRONG');
    expect(screen.getByText('checkout').tagName).toBe('EM');
    expect(screen.getByText('3').tagName).toBe('CODE');
    expect(container.querySelector('p br')).not.toBeNull();
    const [bullets, numbers] = screen.getAllByRole('list');
    expect(bullets!.tagName).toBe('UL');
    expect(
      within(bullets!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['one', 'two']);
    expect(numbers!.tagName).toBe('OL');
    expect(container.querySelector('blockquote')).toHaveTextContent('quoted');
    expect(container.querySelector('pre code')).toHaveTextContent('kind: Pod');
  });

  it('links http(s) and mailto addresses only, opening them in a new tab', () => {
    const { container } = render(
      <Markdown
        source={
          '[grafana](https://grafana.example.com/d/1) [bad](javascript:alert(1)) [data](data:text/html,x) [rel](/catalog) [vb]( VBScript:x) [mail](mailto:ops@example.com)'
        }
      />,
    );
    const link = screen.getByRole('link', { name: 'grafana' });
    expect(link).toHaveAttribute('href', 'https://grafana.example.com/d/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(link).toHaveAttribute('rel', expect.stringContaining('noreferrer'));
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute(
      'href',
      'mailto:ops@example.com',
    );
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(container.querySelectorAll('a')).toHaveLength(2);
    expect(container).toHaveTextContent('bad data rel vb mail');
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('does not load images, showing their description instead', () => {
    const { container } = render(
      <Markdown source={'![pod graph](https://grafana.example.com/g.png) ![x](javascript:1)'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'pod graph' })).toHaveAttribute(
      'href',
      'https://grafana.example.com/g.png',
    );
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(container).toHaveTextContent('x');
  });

  it('shows raw HTML as text and never creates its elements', () => {
    const { container } = render(
      <Markdown source={'<script>alert("x")</script> <img src=x onerror=alert(1)> **ok**'} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<script>alert("x")</script>');
    expect(screen.getByText('ok').tagName).toBe('STRONG');
  });

  it('shows HTML blocks as text, without their elements or handlers', () => {
    const { container } = render(
      <Markdown
        source={'<div onclick="alert(1)">hi</div>\n\n<iframe src="https://x.example"></iframe>'}
      />,
    );
    expect(container.querySelector('div [onclick], iframe')).toBeNull();
    expect(container).toHaveTextContent('<div onclick="alert(1)">hi</div>');
    expect(container).toHaveTextContent('<iframe src="https://x.example"></iframe>');
  });

  it('renders nothing for an empty text', () => {
    const { container } = render(<Markdown source={'  '} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('the text rules', () => {
  it('keeps snake_case words and lone stars as text', () => {
    const { container } = render(<Markdown source={'a snake_case_name and 2 * 3'} />);
    expect(container.querySelector('em, strong')).toBeNull();
    expect(container).toHaveTextContent('a snake_case_name and 2 * 3');
  });

  it('reads an unclosed fence to the end', () => {
    const { container } = render(<Markdown source={'```\nx\n# not a heading'} />);
    expect(container.querySelector('pre code')).toHaveTextContent('x # not a heading');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('gives headings no ids of their own', () => {
    render(<Markdown source={'# root'} />);
    expect(screen.getByRole('heading', { level: 1, name: 'root' })).not.toHaveAttribute('id');
  });

  it('accepts only absolute http, https and mailto addresses', () => {
    expectAnswers(isSafeHref, [
      ['https://a.example', true],
      ['http://a.example/x?y=1', true],
      ['mailto:a@example.com', true],
      [' JavaScript:alert(1)', false],
      ['data:text/html,x', false],
      ['/relative', false],
    ]);
  });
});

describe('text shown by renderText', () => {
  /** Each word `ID` becomes a mark, as the assistant turns config ids into links. */
  const marks = (text: string) =>
    text
      .split(/(ID)/)
      .map((part, index) => (part === 'ID' ? <mark key={index}>{part}</mark> : part));

  it('shows plain text through it, line by line, but not code nor a link’s label', () => {
    const { container } = render(
      <Markdown
        source={'ID is **unhealthy ID**\nsecond ID\n\n`ID` and [ID](https://a.example)'}
        renderText={marks}
      />,
    );
    expect(container.querySelectorAll('mark')).toHaveLength(3);
    expect(container.querySelector('strong mark')).toHaveTextContent('ID');
    expect(container.querySelector('p br')).not.toBeNull();
    expect(container.querySelector('code mark')).toBeNull();
    expect(screen.getByRole('link', { name: 'ID' }).querySelector('mark')).toBeNull();
  });
});
