import { ansiLines, parseAnsi, stripAnsi } from '../../../src/lib/ansi';

const ESC = '\u001b';

describe('parseAnsi', () => {
  it('gives plain text as one run without style', () => {
    expect(parseAnsi('hello world').segments).toEqual([{ text: 'hello world' }]);
  });

  it('reads the colours 30–37 and the bright colours 90–97', () => {
    const { segments } = parseAnsi(`${ESC}[31mred${ESC}[0m ${ESC}[92mgreen${ESC}[0m ${ESC}[37mw`);
    expect(segments).toEqual([
      { text: 'red', color: 'red' },
      { text: ' ' },
      { text: 'green', color: 'bright-green' },
      { text: ' ' },
      { text: 'w', color: 'white' },
    ]);
  });

  it('reads bold, several codes in one sequence, and normal weight', () => {
    const { segments } = parseAnsi(`${ESC}[1;34mbold blue${ESC}[22m blue${ESC}[39m plain`);
    expect(segments).toEqual([
      { text: 'bold blue', color: 'blue', bold: true },
      { text: ' blue', color: 'blue' },
      { text: ' plain' },
    ]);
  });

  it('resets with ESC[m as with ESC[0m', () => {
    expect(parseAnsi(`${ESC}[33mwarn${ESC}[m done`).segments).toEqual([
      { text: 'warn', color: 'yellow' },
      { text: ' done' },
    ]);
  });

  it('drops codes it does not draw and other escape sequences, joining runs of one style', () => {
    const { segments } = parseAnsi(`${ESC}[2K${ESC}[32mok${ESC}[4m still${ESC}[41m green`);
    expect(segments).toEqual([{ text: 'ok still green', color: 'green' }]);
  });

  it('ends in the style it was left in', () => {
    expect(parseAnsi(`${ESC}[1;35mopen`).end).toEqual({ bold: true, color: 'magenta' });
  });
});

describe('stripAnsi', () => {
  it('leaves the text a reader sees', () => {
    expect(stripAnsi(`${ESC}[1;31mERROR${ESC}[0m failed ${ESC}[2Kto list`)).toBe(
      'ERROR failed to list',
    );
  });
});

describe('ansiLines', () => {
  it('cuts a log into lines, without an empty last line for the final newline', () => {
    expect(ansiLines('one\ntwo\n')).toEqual([[{ text: 'one' }], [{ text: 'two' }]]);
  });

  it('carries a colour left on to the next line, as a terminal does', () => {
    expect(ansiLines(`${ESC}[36mfirst\nsecond${ESC}[0m\nthird`)).toEqual([
      [{ text: 'first', color: 'cyan' }],
      [{ text: 'second', color: 'cyan' }],
      [{ text: 'third' }],
    ]);
  });

  it('keeps empty lines in the middle', () => {
    expect(ansiLines('a\r\n\r\nb')).toEqual([[{ text: 'a' }], [], [{ text: 'b' }]]);
  });
});
